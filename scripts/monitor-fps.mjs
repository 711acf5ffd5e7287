// Frame rate of /equipmentMonitor with N vehicles moving at 1 Hz, the client alone: the page's /hub socket is
// answered by this script (a snapshot, then one delta a second with every vehicle's packed move), so the figure does
// not depend on the ingest path or the machine's other load. Needs the e2e server (node scripts/e2e-server.mjs PORT).
// usage: node scripts/monitor-fps.mjs [port=8788] [vehicles=5000] [seconds=10]
import { chromium } from "@playwright/test";
import { createClient } from "@libsql/client";
import { readdirSync } from "node:fs";
import { E2E_PERSIST } from "../tests/e2e/server-config.mjs";

const [port = "8788", n = "5000", seconds = "10"] = process.argv.slice(2);
const N = Number(n);
const dir = `${process.cwd()}/${E2E_PERSIST}/v3/d1/miniflare-D1DatabaseObject`;
const db = createClient({ url: `file:${dir}/${readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")}` });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--use-gl=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
page.on("pageerror", (e) => console.log("pageerror:", e.message));

// N vehicles spread over ~40 km around Shanghai, each driving its own heading
const fleet = Array.from({ length: N }, (_, i) => ({ id: 100000 + i, lng: 121.2 + Math.random() * 0.5, lat: 31.05 + Math.random() * 0.4, heading: Math.floor(Math.random() * 360) }));
const full = (v, now) => ({ id: v.id, plate: `测${v.id}`, orgId: null, modelId: null, terminalNo: `P${v.id}`, selfNo: null, status: "running", alarm: false, t: now, seen: now, lng: v.lng, lat: v.lat, speed: 40, heading: v.heading, acc: true, mileage: null, fuel: null, rpm: null, torque: null, urea: null, exhaustTemp: null, battery: null, lock: null, faults: [] });
let seq = 1;
await page.routeWebSocket(/\/hub$/, (ws) => {
  ws.send(JSON.stringify({ type: "hello", tenantId: 1, userId: 1 }));
  let timer = null;
  ws.onMessage((raw) => {
    const m = JSON.parse(String(raw));
    if (m.type !== "watch" || timer) return;
    const now = Date.now();
    ws.send(JSON.stringify({ type: "snapshot", seq: seq++, vehicles: fleet.map((v) => full(v, now)), counts: { total: N, running: N, stopped: 0, offline: 0, alarm: 0 } }));
    timer = setInterval(() => {
      const pos = [];
      for (const v of fleet) {
        v.lng += Math.sin((v.heading * Math.PI) / 180) * 0.0001;
        v.lat += Math.cos((v.heading * Math.PI) / 180) * 0.0001;
        pos.push(v.id, Math.round(v.lng * 1e6), Math.round(v.lat * 1e6), 40, v.heading, 0);
      }
      ws.send(JSON.stringify({ type: "delta", seq: seq++, vehicles: [], pos, at: Date.now() }));
    }, 1000);
  });
  ws.onClose(() => timer && clearInterval(timer));
});

const base = `http://127.0.0.1:${port}`;
await page.goto(`${base}/login`);
await page.locator("#account").fill("admin");
await page.locator("#password").fill("Admin@2026");
const captcha = await db.execute({ sql: "select answer from captchas where id = ?", args: [await page.locator('input[name="captchaId"]').inputValue()] });
await page.locator("#captcha").fill(String(captcha.rows[0].answer));
await page.locator('button[value="password"]').click();
await page.waitForURL(/manageWork/);
await page.goto(`${base}/equipmentMonitor`);
await page.waitForSelector('[data-map-state="ready"]', { timeout: 30000 });
await page.waitForTimeout(3000);

const measure = (label) =>
  page
    .evaluate(
      (ms) =>
        new Promise((resolve) => {
          let frames = 0;
          let long = 0;
          const start = performance.now();
          new PerformanceObserver((l) => l.getEntries().forEach((e) => (long += e.duration))).observe({ entryTypes: ["longtask"] });
          const tick = (t) => {
            frames++;
            if (t - start < ms) requestAnimationFrame(tick);
            else resolve({ fps: Math.round((frames / ((t - start) / 1000)) * 10) / 10, longTasksMs: Math.round(long) });
          };
          requestAnimationFrame(tick);
        }),
      Number(seconds) * 1000,
    )
    .then((r) => console.log(JSON.stringify({ vehicles: N, view: label, ...r })));

await measure("clustered (zoom 10)");
await page.mouse.move(900, 500);
for (let i = 0; i < 6; i++) {
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(300);
}
await page.waitForTimeout(2000);
await measure("unclustered (zoom ~13)");
await browser.close();
