// The monitoring page's frame rate in Chromium with 5,000 vehicles, for `npm run bench`. The page runs against the
// real local server (its loader, the vehicle tree from D1); its /hub socket is answered by this script through
// Playwright's WebSocket routing, which sends the snapshot of 5,000 vehicles and then, once a second, a map delta
// moving every one of them — the load a fleet of 5,000 terminals reporting at 1 Hz puts on a screen. The baseline
// of the same run is the same page with the same vehicles standing still.
import { chromium, type Page } from "@playwright/test";

const POS_STRIDE = 6;

function fleet(ids: number[]) {
  const now = Date.now();
  return ids.map((id, i) => {
    const a = (i * 2.399963) % (2 * Math.PI);
    const r = 0.02 + 0.3 * Math.sqrt(i / ids.length);
    return { id, lng: 121.47 + r * Math.cos(a), lat: 31.23 + r * Math.sin(a) * 0.8, heading: Math.round((a * 180) / Math.PI + 90) % 360, speed: 20 + (i % 50), t: now };
  });
}

// a string, not a function: tsx would wrap a function's inner helpers with its own `__name`, unknown in the page
const MEASURE = `(ms) => new Promise((resolve) => {
  let frames = 0, worst = 0;
  const start = performance.now();
  let last = start;
  const tick = (now) => {
    frames++;
    worst = Math.max(worst, now - last);
    last = now;
    if (now - start < ms) requestAnimationFrame(tick);
    else resolve({ fps: (frames * 1000) / (now - start), worstFrameMs: worst });
  };
  requestAnimationFrame(tick);
})`;

async function measure(page: Page, seconds: number): Promise<{ fps: number; worstFrameMs: number }> {
  return page.evaluate(`(${MEASURE})(${seconds * 1000})`) as Promise<{ fps: number; worstFrameMs: number }>;
}

export async function fpsBench({ base, cookie, ids, path = "/equipmentMonitor" }: { base: string; cookie: string; ids: number[]; path?: string }) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"] });
  const results: { label: string; fps: number; worstFrameMs: number }[] = [];
  try {
    for (const moving of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies(cookie.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: base })));
      const page = await context.newPage();
      const cars = fleet(ids);
      let seq = 1;
      let timer: ReturnType<typeof setInterval> | null = null;
      await page.routeWebSocket(/\/hub(\?.*)?$/, (ws) => {
        ws.send(JSON.stringify({ type: "hello", tenantId: 0, userId: 0 }));
        ws.onMessage((raw) => {
          const m = JSON.parse(String(raw)) as { type: string };
          if (m.type === "ping") return ws.send('{"type":"pong"}');
          if (m.type !== "watch") return;
          const vehicles = cars.map((c, i) => ({ id: c.id, plate: `沪F${String(i).padStart(5, "0")}`, orgId: null, modelId: null, terminalNo: `FPS${String(i).padStart(7, "0")}`, selfNo: null, status: "running", alarm: false, t: c.t, seen: c.t, lng: c.lng, lat: c.lat, speed: c.speed, heading: c.heading, acc: true, mileage: null, fuel: null, rpm: null, torque: null, urea: null, exhaustTemp: null, battery: null, lock: null, faults: [] }));
          ws.send(JSON.stringify({ type: "snapshot", seq: seq++, vehicles, counts: { total: cars.length, running: cars.length, stopped: 0, offline: 0, alarm: 0 } }));
          if (!moving || timer) return;
          timer = setInterval(() => {
            const at = Date.now();
            const pos: number[] = new Array(cars.length * POS_STRIDE);
            cars.forEach((c, i) => {
              const h = (c.heading * Math.PI) / 180;
              c.lng += Math.sin(h) * 0.0002;
              c.lat += Math.cos(h) * 0.0002;
              c.heading = (c.heading + (i % 7) - 3 + 360) % 360;
              c.t = at;
              pos.splice(i * POS_STRIDE, POS_STRIDE, c.id, Math.round(c.lng * 1e6), Math.round(c.lat * 1e6), c.speed, Math.round(c.heading), 0);
            });
            try {
              ws.send(JSON.stringify({ type: "delta", seq: seq++, vehicles: [], pos, at }));
            } catch {
              /* page gone */
            }
          }, 1000);
        });
      });
      await page.goto(`${base}${path}`);
      await page.waitForSelector("[data-map-state=ready]", { timeout: 60_000 });
      await page.waitForTimeout(4000);
      results.push({ label: moving ? "5,000 moving at 1 Hz" : "5,000 standing (baseline)", ...(await measure(page, 10)) });
      if (timer) clearInterval(timer);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
