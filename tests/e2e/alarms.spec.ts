import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { database, signedIn, siteRoot } from "./support";

test.use({ storageState: signedIn("admin") });

/** A terminal registered for the demo tenant through the provisioning API (as the simulator does). */
async function provision(page: Page) {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const terminal = { terminalNo: `E2EAL${stamp}`.slice(0, 10).padEnd(10, "0"), plate: `沪E${stamp}`, secret: `e2e-alarm-secret-${stamp}` };
  const origin = new URL(siteRoot()).origin;
  const res = await page.request.post("/api/device/provision", { headers: { Origin: origin }, data: { terminals: [terminal] } });
  expect(res.status()).toBe(200);
  return terminal;
}

/** Posts one point through the real terminal API (auth, then telemetry); `alarms` are the terminal's own flags. */
async function reportPoint(request: APIRequestContext, terminal: { terminalNo: string; secret: string }, seq: number, alarms: string[]) {
  const auth = await request.post("/ingest/v1/auth", { data: { terminalNo: terminal.terminalNo, secret: terminal.secret } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const res = await request.post("/ingest/v1/telemetry", {
    headers: { Authorization: `Bearer ${token}` },
    data: { points: [{ seq, t: Date.now() - 1000, lng: 121.47 + seq / 1000, lat: 31.23, speed: 35, alarms }] },
  });
  expect(res.status()).toBe(200);
}

const savedAlarms = async (terminalNo: string) => {
  const rs = await database().execute({ sql: "select count(*) as n from alarms a join vehicles v on v.id = a.vehicle_id where v.terminal_no = ?", args: [terminalNo] });
  return Number(rs.rows[0]?.n ?? 0);
};

test("lists the alarms, handles one with a description, and shows a new alarm live", async ({ page }) => {
  const terminal = await provision(page);
  // two alarms the hub raises from the terminal's flags and writes to the business database
  await reportPoint(page.request, terminal, 1, ["power_cut", "tamper"]);
  await expect.poll(() => savedAlarms(terminal.terminalNo), { timeout: 15_000 }).toBe(2);

  await page.goto(`/alarmMessage?q=${encodeURIComponent(terminal.plate)}`);
  await expect(page.getByRole("heading", { name: "告警信息" })).toBeVisible();
  const table = page.getByTestId("data-table");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(table).toContainText(terminal.plate);
  await expect(table).toContainText("终端告警");
  await expect(rows.first()).toContainText("未处理");

  // handle one: the description is required for 已处理
  await rows.first().getByRole("button", { name: "处理" }).click();
  const dialog = page.getByTestId("handle-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("已处理")).toBeFocused();
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toContainText("请输入处理描述");
  await expect(dialog.getByLabel("处理描述")).toBeFocused();
  await page.keyboard.type("已电话联系司机，设备断电为检修");
  await page.keyboard.press("Enter"); // a newline in the description, not a submit
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(table).toContainText("已电话联系司机");
  await expect(table).toContainText("已处理");

  // Esc closes the dialog without writing
  await rows.filter({ hasText: "未处理" }).getByRole("button", { name: "处理" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // live: the page is open and connected; the terminal raises sos; the row appears without a reload
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "open");
  await reportPoint(page.request, terminal, 2, ["sos"]);
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("alarm-announcer")).toContainText(terminal.plate);
  await expect(page.getByTestId("alarm-announcer")).toContainText("一级");
  // once the hub has saved it, the live row becomes a normal one that can be handled
  await expect(rows.first().getByRole("button", { name: "处理" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("共 3 条")).toBeVisible();
});

test("the device alarm screen is the same list for one vehicle, and a filtered page counts new alarms in a banner", async ({ page }) => {
  const terminal = await provision(page);
  await reportPoint(page.request, terminal, 1, ["tamper"]);
  await expect.poll(() => savedAlarms(terminal.terminalNo), { timeout: 15_000 }).toBe(1);
  const rs = await database().execute({ sql: "select id from vehicles where terminal_no = ?", args: [terminal.terminalNo] });
  const vehicleId = Number(rs.rows[0]!.id);

  await page.goto(`/alarmMessage?vehicleId=${vehicleId}&level=3`);
  await expect(page.getByRole("heading", { name: `设备告警 · ${terminal.plate}` })).toBeVisible();
  await expect(page.getByTestId("conditions")).toContainText(terminal.plate);
  await expect(page.getByTestId("data-table")).toContainText("暂无数据");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "open");
  // a level-1 alarm does not fit the level-3 filter: it is counted, not inserted
  await reportPoint(page.request, terminal, 2, ["sos"]);
  await expect(page.getByTestId("new-alarms")).toContainText("1条新告警");
  await page.getByTestId("new-alarms").getByRole("link", { name: "查看" }).click();
  await expect(page).toHaveURL(new RegExp(`vehicleId=${vehicleId}`));
  await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(2);
});
