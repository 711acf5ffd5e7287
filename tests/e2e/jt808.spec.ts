// A JT/T 808 terminal end to end: the clerk gives a new machine its terminal's phone on /deviceList, a terminal
// speaking JT808 over a real socket registers with the gateway the e2e server started as npm start starts it,
// authenticates, reports, appears on the monitoring map, receives a command queued on the platform and answers it.
import { expect, test } from "@playwright/test";
import { jt808PortOf } from "./server-config.mjs";
import { database, signedIn } from "./support";
import { SimTerminal, simLocation } from "../../gateway/src/simulator";

test.use({ storageState: signedIn("admin") });

test("a JT808 terminal registers, reports onto the monitoring map, and answers a command", async ({ page, baseURL }) => {
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

    // a command queued on the platform goes down the open connection and its answer ends it
    const db = database();
    const vehicle = (await db.execute({ sql: "select id, tenant_id from vehicles where plate = ?", args: [plate] })).rows[0]!;
    await db.execute({ sql: "insert into terminal_commands (tenant_id, vehicle_id, kind, payload, state, created_at) values (?, ?, 'text', ?, 'pending', ?)", args: [vehicle.tenant_id, vehicle.id, JSON.stringify({ text: "请于17点前返回场站" }), Date.now()] });
    const text = await terminal.next((r) => r.message.kind === "text", 15_000);
    expect(text.message).toMatchObject({ value: { text: "请于17点前返回场站" } });
    await expect.poll(async () => (await db.execute({ sql: "select state, result from terminal_commands where vehicle_id = ?", args: [vehicle.id] })).rows[0], { timeout: 15_000 }).toMatchObject({ state: "done", result: "ok" });
  } finally {
    terminal.close();
  }
});
