import { expect, test, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { database, signedIn, signIn } from "./support";

const { admin } = DEMO_USERS;

/**
 * Every Content-Security-Policy violation the page's documents report (the `securitypolicyviolation` event, sent to
 * the test as it happens so a navigation loses none) and every console error that names the policy.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportPolicyViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { reportPolicyViolation: (v: string) => void }).reportPolicyViolation;
      void report(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (m) => m.type() === "error" && /Content[ -]Security[ -]Policy/i.test(m.text()) && violations.push(`console: ${m.text()}`));
  return violations;
}

/** The page is hydrated: a click on a tab link is followed in the page, without a new document. */
async function expectHydrated(page: Page) {
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId("tabs").getByRole("link", { name: "工作台" }).click();
  await expect(page).toHaveURL(/\/manageWork$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goBack();
}

/** A vehicle of the demo tenant with a quarter hour of points posted through the terminal API, for playback. */
async function vehicleWithTrack(page: Page) {
  const tenant = await database().execute("select id from tenants where code = 'demo'");
  const suffix = Date.now().toString(36).slice(-6).toUpperCase();
  const v = { terminalNo: `CS${suffix}`.padEnd(10, "0").slice(0, 10), plate: `沪C${suffix.slice(-5)}`, secret: `csp-secret-${suffix}` };
  const now = Date.now();
  const row = await database().execute({
    sql: "insert into vehicles (tenant_id, plate, terminal_no, terminal_secret_hash, state, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?) returning id",
    args: [Number(tenant.rows[0]!.id), v.plate, v.terminalNo, createHash("sha256").update(v.secret).digest("hex"), now, now],
  });
  const auth = await page.request.post("/ingest/v1/auth", { data: { terminalNo: v.terminalNo, secret: v.secret } });
  const { token } = (await auth.json()) as { token: string };
  const points = Array.from({ length: 15 }, (_, i) => ({ seq: i + 1, t: now - (20 - i) * 60_000, lng: 121.4 + i * 0.003, lat: 31.2, speed: 30, heading: 90 }));
  const posted = await page.request.post("/ingest/v1/telemetry", { data: { points }, headers: { Authorization: `Bearer ${token}` } });
  expect(posted.status()).toBe(200);
  return { id: Number(row.rows[0]!.id), ...v };
}

test("the key screens run under the Content-Security-Policy without a violation", async ({ page }) => {
  const violations = await watchPolicy(page);

  // sign-in: the captcha is a data: image, the form posts to our own origin and redirects
  const login = await page.goto("/login");
  expect(login!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
  await expect.poll(() => page.getByTestId("captcha").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await signIn(page, admin.account, admin.password);
  await expect(page.getByRole("navigation", { name: "主菜单" })).toBeVisible();

  // a list: search as you type needs the app's scripts
  await page.goto("/userManage");
  await page.getByLabel("账号/用户名/手机号").fill("dispatch");
  await expect(page).toHaveURL(/q=dispatch/);
  await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(1);
  await expectHydrated(page);

  // live monitoring: the map engine and its worker, and the hub's same-origin WebSocket
  await page.goto("/equipmentMonitor");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
  await expectHydrated(page);

  // fences: drawing on the map
  await page.goto("/fenceManage");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "新增围栏" }).click();
  await page.getByRole("button", { name: /绘制/ }).click();
  await expect(page.getByText("单击添加顶点，双击或按回车完成")).toBeVisible();
  const box = (await page.getByRole("region", { name: "地图" }).boundingBox())!;
  for (const [x, y] of [
    [0.3, 0.3],
    [0.6, 0.3],
    [0.5, 0.6],
  ] as const) {
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await page.waitForTimeout(120);
  }
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("geometry-state")).toContainText("✓ 3");

  // playback: a track on the map
  const v = await vehicleWithTrack(page);
  await page.goto(`/historyTrack?q=${v.terminalNo}&vehicle=${v.id}`);
  await expect(page.getByTestId("track-summary")).toContainText("km/h");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("vehicle-marker")).toBeVisible();
  await page.getByRole("button", { name: "播放", exact: true }).click();
  await expect(page.getByTestId("play-state")).toHaveText("播放中");

  // upload with preview (nothing is saved: the tenant's business info stays as it was)
  await page.goto("/bussinessinfo");
  const upload = page.getByTestId("upload");
  await upload.locator('input[type="file"]').setInputFiles("tests/e2e/fixtures/logo.png");
  await expect(upload.locator('input[type="hidden"][name="logoFileId"]')).toHaveCount(1);
  await upload.getByRole("button", { name: "预览 logo.png" }).click({ force: true });
  const preview = page.getByTestId("previewer").locator("img");
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press("Escape");

  expect(violations).toEqual([]);
});

/** Shaped like a Mapbox public token (mapbox-gl reads the account from its middle part); never sent to Mapbox. */
const MAPBOX_TOKEN = `pk.${Buffer.from(JSON.stringify({ u: "e2e", a: "csp" })).toString("base64url")}.e2e`;

test.describe("signed in", () => {
  test.use({ storageState: signedIn("admin") });

  test("the Mapbox engine's blob: worker runs under the policy", async ({ page }) => {
    const violations = await watchPolicy(page);
    // the map picker asks /api/map/config: answer it as a tenant with Mapbox configured would be answered, and keep
    // Mapbox's own servers out of the test (the bundled base style needs none of them)
    await page.route("**/api/map/config", (route) =>
      route.fulfill({
        json: {
          code: 200,
          data: { engine: "mapbox", token: MAPBOX_TOKEN, styleUrl: null, tileUrl: null, coordinateSystem: "wgs84", center: [121.47, 31.23], zoom: 10 },
        },
      }),
    );
    await page.route(/^https:\/\/[^/]*mapbox\.com\//, (route) => route.fulfill({ status: 204 }));
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));

    await page.goto("/deviceList/markers?new=1");
    await page.getByTestId("resource-form").getByRole("button", { name: "地图选点" }).click();
    const dialog = page.getByRole("dialog", { name: "地图选点" });
    await expect(dialog.locator("[data-map-engine=mapbox]")).toBeVisible();
    await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
    expect(workers.some((url) => url.startsWith("blob:"))).toBe(true);

    expect(violations).toEqual([]);
  });
});
