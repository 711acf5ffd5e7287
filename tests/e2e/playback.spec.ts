import { expect, test } from "@playwright/test";
import { createHash } from "node:crypto";
import { database, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const MIN = 60_000;

/** A vehicle of the demo tenant with a terminal secret hashed as the provision API stores it (SHA-256 hex). */
async function seedVehicle() {
  const db = database();
  const tenant = await db.execute("select id from tenants where code = 'demo'");
  const tenantId = Number(tenant.rows[0]!.id);
  const suffix = Date.now().toString(36).slice(-6).toUpperCase();
  const terminalNo = `PB${suffix}`.padEnd(10, "0").slice(0, 10);
  const plate = `沪P${suffix.slice(-5)}`;
  const secret = `playback-secret-${suffix}`;
  const hash = createHash("sha256").update(secret).digest("hex");
  const now = Date.now();
  const row = await db.execute({
    sql: "insert into vehicles (tenant_id, plate, terminal_no, terminal_secret_hash, state, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?) returning id",
    args: [tenantId, plate, terminalNo, hash, now, now],
  });
  return { id: Number(row.rows[0]!.id), terminalNo, plate, secret };
}

test("an hour of points posted through the terminal API plays back on /historyTrack", async ({ page, request }) => {
  const v = await seedVehicle();
  // the terminal signs in and reports an hour: a point a minute driving east, with a 6-minute stop in the middle
  const auth = await request.post("/ingest/v1/auth", { data: { terminalNo: v.terminalNo, secret: v.secret } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const start = Date.now() - 62 * MIN;
  const points = Array.from({ length: 60 }, (_, i) => {
    const stopped = i >= 25 && i < 31;
    return { seq: i + 1, t: start + i * MIN, lng: 121.4 + Math.min(i, 25) * 0.003 + Math.max(0, i - 30) * 0.003, lat: 31.2 + (i > 30 ? (i - 30) * 0.001 : 0), speed: stopped ? 0 : 30 + (i % 7) * 5, heading: 90, mileage: 5000 + i * 0.3, fuel: 70 - i * 0.1 };
  });
  const posted = await request.post("/ingest/v1/telemetry", { data: { points }, headers: { Authorization: `Bearer ${token}` } });
  expect(posted.status()).toBe(200);
  expect(((await posted.json()) as { accepted: number }).accepted).toBe(60);

  // search the vehicle by its terminal number, choose it, the default range is the last hour
  await page.goto("/historyTrack");
  await expect(page.getByTestId("playback-empty")).toContainText("请选择车辆和时间范围后查询");
  await page.locator("#pb-q").fill(v.terminalNo);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${v.terminalNo}`));
  await expect(page.locator("#pb-vehicle option")).toHaveCount(2);
  await expect(page.locator("#pb-vehicle option", { hasText: v.plate })).toHaveCount(1);
  await page.locator("#pb-vehicle").selectOption(String(v.id));
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`vehicle=${v.id}`));

  const summary = page.getByTestId("track-summary");
  await expect(summary).toContainText("最高速度");
  await expect(summary).toContainText("60 km/h");
  await expect(summary).toContainText("停车");
  await expect(page.getByTestId("speed-chart").locator("svg path").first()).toBeVisible();
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("vehicle-marker")).toBeVisible();

  // the first minute the range holds is where playback starts (the last hour ends now, so the first point may fall out)
  const time = page.getByTestId("current-time");
  const before = await time.textContent();
  const position = await page.getByTestId("current-position").textContent();
  await expect(page.getByTestId("play-state")).toHaveText("未播放");
  await page.getByRole("radio", { name: "16×" }).click();
  await page.getByRole("button", { name: "播放" }).click();
  await expect(page.getByTestId("play-state")).toHaveText("播放中");
  await expect(time).not.toHaveText(before!);
  await expect(page.getByTestId("current-position")).not.toHaveText(position!);
  // Space pauses; the time then stands still
  await page.locator("body").press("Space");
  await expect(page.getByTestId("play-state")).toHaveText("已暂停");
  // a frame already scheduled when Space was pressed may still land: read the time once it has
  await page.waitForTimeout(300);
  const paused = await time.textContent();
  await page.waitForTimeout(500);
  await expect(time).toHaveText(paused!);

  // the timeline steps a report at a time with the arrow keys
  const slider = page.getByRole("slider", { name: "时间轴" });
  await slider.focus();
  await page.keyboard.press("Home");
  const first = await time.textContent();
  await page.keyboard.press("ArrowRight");
  await expect(time).not.toHaveText(first!);

  // a range over 7 days is refused before it is sent
  await page.locator("#pb-from").fill("2026-01-01T00:00");
  await page.locator("#pb-to").fill("2026-01-09T00:00");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page.locator("#pb-range-hint")).toHaveText("查询时间范围不能超过7天");

  // the badges drawn on the map follow a language switch like the rest of the page (then back: the choice is stored)
  const map = page.locator('[data-map-state="ready"]');
  await expect(map.getByText("起点", { exact: true })).toBeVisible();
  await page.getByTestId("lang-switch").click();
  await expect(map.getByText("Start", { exact: true })).toBeVisible();
  await expect(map.getByText("End", { exact: true })).toBeVisible();
  await page.getByTestId("lang-switch").click();
  await expect(map.getByText("终点", { exact: true })).toBeVisible();
});
