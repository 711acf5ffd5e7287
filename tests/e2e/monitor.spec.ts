import { expect, test, type APIRequestContext } from "@playwright/test";
import { createHash } from "node:crypto";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { database, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const suffix = Date.now().toString(36).slice(-4).toUpperCase();
const vehicle = (n: number) => ({ terminalNo: `MON${suffix}00${n}`, plate: `沪E${suffix}${n}`, secret: `e2e-monitor-secret-${suffix}-${n}` });
const VEHICLES = [vehicle(1), vehicle(2), vehicle(3)];
type Vehicle = ReturnType<typeof vehicle>;

/** Vehicles of the demo tenant straight into D1, their secrets stored as the provision API stores them (SHA-256 hex). */
async function seedVehicles(list: Vehicle[]) {
  const db = database();
  const admin = await db.execute({ sql: "select tenant_id from users where login_account = ?", args: [DEMO_USERS.admin.account] });
  const tenantId = Number(admin.rows[0]!.tenant_id);
  const root = await db.execute({ sql: "select id from organisations where tenant_id = ? and parent_id is null", args: [tenantId] });
  const now = Date.now();
  for (const v of list) {
    await db.execute({
      sql: "insert into vehicles (tenant_id, org_id, plate, terminal_no, terminal_secret_hash, state, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?)",
      args: [tenantId, Number(root.rows[0]!.id), v.plate, v.terminalNo, createHash("sha256").update(v.secret).digest("hex"), now, now],
    });
  }
}

/** One point through the real terminal API: sign in by terminal number and secret, then a telemetry batch. */
async function report(request: APIRequestContext, v: Vehicle, point: Record<string, unknown>) {
  const auth = await request.post("/ingest/v1/auth", { data: { terminalNo: v.terminalNo, secret: v.secret } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const res = await request.post("/ingest/v1/telemetry", { data: { points: [{ t: Date.now() - 1000, ...point }] }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
}

test("location monitoring: live counts, the tree, the info panel following a new position", async ({ page, request }) => {
  await seedVehicles(VEHICLES);
  await report(request, VEHICLES[0]!, { seq: 1, lng: 121.4737, lat: 31.2304, speed: 36, heading: 90, mileage: 1200.5, fuel: 64, status: { acc: true } });
  await report(request, VEHICLES[1]!, { seq: 1, lng: 121.5, lat: 31.24, speed: 0, status: { acc: false } });

  await page.goto("/equipmentMonitor");
  await expect(page.getByRole("heading", { name: "设备监控" })).toBeVisible();
  await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
  // the four counts: the moving vehicle counts as 行驶, the standing one as 停车, the silent one as 离线
  await expect(page.getByTestId("count-running-value")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("count-stopped-value")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("count-offline-value")).toHaveText(/^[1-9]\d*$/);

  // search the tree by terminal number, select with the keyboard
  const tree = page.getByTestId("vehicle-tree");
  await tree.getByRole("searchbox").fill(VEHICLES[0]!.terminalNo);
  await expect(tree.getByRole("treeitem", { name: new RegExp(VEHICLES[0]!.plate) })).toBeVisible();
  await expect(tree.getByRole("treeitem", { name: new RegExp(VEHICLES[1]!.plate) })).toHaveCount(0);
  await tree.getByRole("tree").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("vehicle-panel");
  await expect(panel.getByRole("heading", { name: VEHICLES[0]!.plate })).toBeVisible();
  await expect(panel).toContainText("121.473700, 31.230400");
  await expect(panel).toContainText("36 km/h");
  // fields the map watch does not carry arrive with the selection
  await expect(panel).toContainText("1200.5 km");

  // a new position reaches the open panel live
  await report(request, VEHICLES[0]!, { seq: 2, lng: 121.48, lat: 31.235, speed: 45.5, heading: 180, mileage: 1201.9 });
  await expect(panel).toContainText("121.480000, 31.235000");
  await expect(panel).toContainText("45.5 km/h");
  await expect(panel).toContainText("1201.9 km");

  // Esc closes the panel; a click on a tree row selects another vehicle
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await tree.getByRole("searchbox").fill("");
  await tree.getByRole("treeitem", { name: new RegExp(VEHICLES[1]!.plate) }).click();
  await expect(panel.getByRole("heading", { name: VEHICLES[1]!.plate })).toBeVisible();
  await expect(panel.getByTestId("vehicle-panel-status")).toHaveText("停车");

  // the status filter narrows the tree to offline vehicles
  await page.getByTestId("count-offline").click();
  await expect(tree.getByRole("treeitem", { name: new RegExp(VEHICLES[2]!.plate) })).toBeVisible();
  await expect(tree.getByRole("treeitem", { name: new RegExp(VEHICLES[0]!.plate) })).toHaveCount(0);
});

test("area vehicle search: a circle drawn on the map and a time range list the vehicles that were inside", async ({ page, request }) => {
  const inCircle = vehicle(4);
  await seedVehicles([inCircle]);
  // the default map centre (/mapConfig) is 121.47, 31.23: the circle drawn from the map's middle covers this point
  await report(request, inCircle, { seq: 1, lng: 121.471, lat: 31.231, speed: 20 });
  await page.goto("/equipmentMonitor");
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "区域查车" }).click();
  const area = page.getByTestId("area-search");
  await area.getByRole("button", { name: "查询" }).click();
  await expect(area.getByRole("alert")).toHaveText("请先在地图上画圆");

  await area.getByRole("button", { name: "在地图上画圆" }).click();
  const box = (await page.locator('[data-map-state="ready"] canvas').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(cx, cy);
  await page.mouse.move(cx + 60, cy);
  await page.mouse.click(cx + 60, cy);
  await expect(area).toContainText(/半径 \d+ 米/);

  // the range inputs hold China time (UTC+8), as every time on the screens
  const local = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16);
  await area.getByLabel("开始时间").fill(local(Date.now() - 8 * 86_400_000));
  await area.getByRole("button", { name: "查询" }).click();
  await expect(area.getByRole("alert")).toHaveText("时间范围不能超过7天");

  await area.getByLabel("开始时间").fill(local(Date.now() - 3600_000));
  await area.getByLabel("结束时间").fill(local(Date.now() + 60_000));
  await area.getByRole("button", { name: "查询" }).click();
  const hits = page.getByTestId("area-hits");
  await expect(hits).toContainText(inCircle.plate);
  // a hit selects its vehicle
  await hits.getByRole("button", { name: new RegExp(inCircle.plate) }).click();
  await expect(page.getByTestId("vehicle-panel").getByRole("heading", { name: inCircle.plate })).toBeVisible();
});
