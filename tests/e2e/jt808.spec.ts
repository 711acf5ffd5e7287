// A JT/T 808 terminal end to end: the clerk gives a new machine its terminal's phone on /deviceList, a terminal
// speaking JT808 over a real socket registers with the gateway the e2e server started as npm start starts it,
// authenticates, reports, appears on the monitoring map, and locks on the lock task a clerk makes on 锁车管理.
import { expect, test } from "@playwright/test";
import { jt808PortOf } from "./server-config.mjs";
import { signedIn } from "./support";
import { SimTerminal, simLocation } from "../../gateway/src/simulator";

test.use({ storageState: signedIn("admin") });

test("a JT808 terminal registers, reports onto the monitoring map, and locks on a clerk's lock task", async ({ page, baseURL }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const plate = `沪T${stamp.slice(-5)}`;
  const phone = `1${String(Date.now()).slice(-10)}`;
  await page.goto("/deviceList");
  await page.getByTestId("add").click();
  const form = page.getByTestId("resource-form");
  await form.getByRole("textbox", { name: "车牌号", exact: true }).fill(plate);
  await form.getByRole("textbox", { name: "终端号", exact: true }).fill(`JT${stamp.slice(-8).padStart(8, "0")}`);
  await form.getByRole("textbox", { name: "终端手机号(JT808)" }).fill(`0${phone}`);
  await form.getByRole("combobox", { name: "所属组织" }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();

  const terminal = new SimTerminal({ host: "127.0.0.1", port: jt808PortOf(Number(new URL(baseURL!).port)), phone: `0${phone}` });
  // the gateway starts beside the server: give it a moment on a loaded machine
  await expect.poll(() => terminal.connect().then(() => true, () => false), { timeout: 30_000 }).toBe(true);
  try {
    const registered = await terminal.register(plate);
    expect(registered).toMatchObject({ result: 0, authCode: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(await terminal.authenticate(registered.authCode!)).toBe(0);
    expect(await terminal.report(simLocation(Date.now() - 1000, 121.5012, 31.2456))).toBe(0);

    await page.goto("/equipmentMonitor");
    await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
    const tree = page.getByTestId("vehicle-tree");
    await tree.getByRole("searchbox").fill(plate);
    await tree.getByRole("treeitem", { name: new RegExp(plate) }).first().click();
    const panel = page.getByTestId("vehicle-panel");
    await expect(panel).toContainText(plate);
    await expect(panel).toContainText("36");

    // the clerk's lock task on 锁车管理 goes down the open connection as the lock's passthrough; the terminal's
    // answer completes it, and the machine's lock record counts it
    await page.goto("/lockCarManage");
    await page.getByTestId("new-lock").click();
    const lockForm = page.getByTestId("lock-form");
    // the picker's search box once hydrated (before, a plain textarea of plates stands in its place)
    await lockForm.locator("input[role=combobox]").fill(plate);
    await page.getByRole("option", { name: new RegExp(plate) }).first().click();
    await lockForm.getByRole("combobox", { name: "锁车操作" }).selectOption({ label: "一级锁车" });
    await lockForm.getByRole("textbox", { name: "原因" }).fill("逾期未付租金，暂停使用");
    await lockForm.getByTestId("lock-submit").click();
    await expect(page.getByText("操作成功！")).toBeVisible();
    const down = await terminal.next((r) => r.message.kind === "passthroughDown", 15_000);
    // the lock's passthrough: type 0xF1, one byte for the operation (2: first-level lock)
    expect(down.message.kind === "passthroughDown" && [down.message.value.type, ...down.message.value.data]).toEqual([0xf1, 2]);
    const row = page.getByRole("row", { name: new RegExp(plate) });
    await expect.poll(async () => (await page.reload(), await row.first().innerText()), { timeout: 15_000 }).toContain("已完成");
    await page.goto("/lockCarManage/records");
    await expect(page.getByRole("row", { name: new RegExp(plate) })).toContainText("一级锁车");
  } finally {
    terminal.close();
  }
});
