// The telematics journey across screens: terminals report through the real API (the simulator and single points),
// the monitoring screen moves, a fence drawn in the UI raises an alarm that the open alarm list shows live.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { E2E_PERSIST } from "./server-config.mjs";
import { database, signedIn, siteRoot } from "./support";

test.use({ storageState: signedIn("admin") });
const stamp = () => Date.now().toString(36).toUpperCase().slice(-6);

async function provision(page: Page, prefix: string) {
  const s = stamp();
  const terminal = { terminalNo: `${prefix}${s}`.slice(0, 10).padEnd(10, "0"), plate: `沪J${s}`, secret: `journey-secret-${s}` };
  const res = await page.request.post("/api/device/provision", { headers: { Origin: new URL(siteRoot()).origin }, data: { terminals: [terminal] } });
  expect(res.status()).toBe(200);
  return terminal;
}

async function report(request: APIRequestContext, terminal: { terminalNo: string; secret: string }, points: Record<string, unknown>[]) {
  const auth = await request.post("/ingest/v1/auth", { data: { terminalNo: terminal.terminalNo, secret: terminal.secret } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const res = await request.post("/ingest/v1/telemetry", { headers: { Authorization: `Bearer ${token}` }, data: { points } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { accepted: number };
}

test.describe("with the simulator running", () => {
  let sim: ChildProcess | null = null;
  let output = "";

  test.beforeAll(async ({ baseURL }) => {
    // five terminals at 2 Hz through the real terminal API, registered in the e2e database as `npm run simulate` does
    sim = spawn("node_modules/.bin/tsx", ["scripts/simulate.ts", "--base", baseURL!, "--persist", E2E_PERSIST, "--vehicles", "5", "--hz", "2", "--duration", "90", "--prefix", "JRN", "--seed", "7"], { stdio: ["ignore", "pipe", "pipe"] });
    sim.stdout!.on("data", (d) => (output += String(d)));
    sim.stderr!.on("data", (d) => (output += String(d)));
    await expect.poll(async () => Number((await database().execute("select count(*) as n from vehicles where terminal_no like 'JRN%'")).rows[0]!.n), { timeout: 60_000 }).toBe(5);
  });

  test.afterAll(() => {
    sim?.kill("SIGINT");
  });

  test("the monitoring screen shows the simulated vehicles moving and the counts changing", async ({ page }) => {
    await page.goto("/equipmentMonitor");
    await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
    // the simulated terminals come online: at least one running
    await expect(page.getByTestId("count-running-value")).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    const tree = page.getByTestId("vehicle-tree");
    await tree.getByRole("searchbox").fill("JRN0000001");
    await tree.getByRole("treeitem", { name: /JRN0000001|模A/ }).first().click();
    const panel = page.getByTestId("vehicle-panel");
    await expect(panel).toBeVisible();
    // its reported time moves on by itself (no reload): the panel's text changes as new points arrive
    const before = await panel.innerText();
    await expect.poll(async () => (await panel.innerText()) !== before, { timeout: 20_000 }).toBe(true);
    expect(output).not.toMatch(/failed [1-9]/);
  });
});

test("a fence drawn in the UI raises an alarm that the open alarm list shows live", async ({ page, context }) => {
  const terminal = await provision(page, "JFN");
  // far outside where the fence will be drawn: the vehicle's rule state starts outside
  await report(page.request, terminal, [{ seq: 1, t: Date.now() - 5000, lng: 122.4, lat: 31.23, speed: 30 }]);

  // draw a rectangle round the map's centre (the configured 121.47, 31.23), alarm on entering, no debounce
  await page.goto("/fenceManage");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "新增围栏" }).click();
  await expect(page.getByRole("heading", { name: "新增围栏" })).toBeVisible();
  const name = `旅程围栏${stamp()}`;
  await page.getByLabel("名称", { exact: true }).fill(name);
  await page.getByLabel("矩形").check();
  await page.getByRole("button", { name: /绘制/ }).click();
  const box = (await page.getByRole("region", { name: "地图" }).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await page.waitForTimeout(150);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await expect(page.getByTestId("geometry-state")).toContainText("✓");
  await page.getByLabel("出围栏告警").uncheck();
  await page.getByLabel("判定时长（秒）").fill("0");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();

  // the alarm list is open and connected in another tab
  const list = await context.newPage();
  await list.goto("/alarmMessage");
  await expect(list.getByTestId("live-status")).toHaveAttribute("data-state", "open");
  const rows = list.getByTestId("data-table").locator("tbody tr");

  // the vehicle drives into the fence
  await report(page.request, terminal, [
    { seq: 2, t: Date.now() - 2000, lng: 121.6, lat: 31.23, speed: 40 },
    { seq: 3, t: Date.now() - 1000, lng: 121.47, lat: 31.23, speed: 20 },
  ]);
  const row = rows.filter({ hasText: terminal.plate });
  await expect(row.first()).toContainText("进围栏告警", { timeout: 20_000 });
  await expect(list.getByTestId("alarm-announcer")).toContainText(terminal.plate);
  // and the hub writes it to the business database
  await expect
    .poll(async () => Number((await database().execute({ sql: "select count(*) as n from alarms a join vehicles v on v.id = a.vehicle_id where v.terminal_no = ? and a.kind = 'fence_in'", args: [terminal.terminalNo] })).rows[0]!.n), { timeout: 20_000 })
    .toBe(1);
});
