// The JT808 gateway's bench (issue 43; npm run bench runs it, or alone: tsx scripts/bench-jt808.ts). Its own
// database and server, and the gateway started as npm start starts it. 2,000 terminals (gateway/src/simulator.ts, in
// this process) connect over TCP, register and authenticate; then:
//  1. a blind-area burst: every terminal sends a 0x0704 batch of 15 points at once → positions a second through
//     gateway + Worker + hubs, next to the same points posted straight to the Worker's gateway batch from here (the
//     ingest's ceiling in this run: what the gateway could reach if it cost nothing);
//  2. steady reports, each terminal every 5 s: acknowledgement and report-to-map latency (a /hub socket watching the
//     map fields, as the monitoring page does), the gateway's memory per connection;
//  3. the Worker stopped and started again in the middle of steady reports: every point acknowledged is stored.
// Figures, not pass/fail, next to the goal (5,000 positions a second on two cores, go-jt808's figure).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { adminCookie } from "./bench-sign-in";
import { SimTerminal, simLocation } from "../gateway/src/simulator";
import { openLean } from "./lean-socket";
import { build, prepareDatabase, root, runBin, spawnGateway, spawnServer, waitForServer } from "./lib.mjs";

const PERSIST = ".wrangler/bench-jt808";
const PORT = 8795;
const GATEWAY_PORT = 6795;
const BASE = `http://127.0.0.1:${PORT}`;
const TERMINALS = Number(process.env.JT808_BENCH_TERMINALS ?? 2000);
const BURST_POINTS = 15;
const STEADY_MS = 30_000;
const INTERVAL_MS = 5000;
const PHONE0 = 19_900_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))]! : NaN;
};

rmSync(`${root}${PERSIST}`, { recursive: true, force: true });
if (!process.env.SKIP_BUILD) build({ quiet: true });
prepareDatabase(PERSIST, { quiet: true });
runBin(
  "wrangler",
  [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    PERSIST,
    "--command",
    `insert into vehicles (tenant_id, org_id, plate, terminal_no, jt808_phone, state, version, created_at, updated_at)
      select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), '沪G' || substr('00000' || i, -5), 'JTB' || substr('0000000' || i, -7), cast(${PHONE0} + i as text), 1, 1, 1700000000000, 1700000000000
      from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${TERMINALS}) select i from seq), tenants t where t.code = 'demo'`,
  ],
  { env: { CI: "1" }, stdio: "ignore" },
);
const ids = (() => {
  const out = spawnSync(`${root}node_modules/.bin/wrangler`, ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command", "select id, jt808_phone as phone from vehicles where terminal_no like 'JTB%' order by id"], { cwd: root, encoding: "utf8", env: { ...process.env, CI: "1" } });
  return (JSON.parse(out.stdout) as { results: { id: number; phone: string }[] }[])[0]!.results;
})();

let server = spawnServer(PORT, PERSIST, { APP_ENV: "development", CAPTCHA: "off" });
const stopServer = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
};
// every simulated terminal connects from 127.0.0.1: the per-address limits are lifted for the bench
process.env.JT808_MAX_CONNECTIONS_PER_ADDRESS = String(TERMINALS + 100);
process.env.JT808_BYTES_PER_SECOND = String(1024 * 1024 * 1024);
const gateway = spawnGateway(PORT, GATEWAY_PORT, { dataDir: `${PERSIST}/jt808` });
process.on("exit", () => {
  stopServer();
  gateway.kill("SIGTERM");
});
/** The gateway's resident memory in KB: tsx's process and the Node process it runs the gateway in. */
const rssKb = (pid = gateway.pid!): number => {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return own + children.reduce((sum, c) => sum + rssKb(c), 0);
};

await waitForServer(`${BASE}/healthz`, 180_000);
const cookie = await adminCookie(BASE);

// --- 2,000 terminals connect, register and authenticate ------------------------------------------------------------
const terminals = ids.map((v) => new SimTerminal({ host: "127.0.0.1", port: GATEWAY_PORT, phone: v.phone }));
for (let tries = 0; ; tries++) {
  try {
    await terminals[0]!.connect();
    break;
  } catch (error) {
    if (tries > 100) throw error;
    await sleep(200);
  }
}
const rssBefore = rssKb();
const t0 = performance.now();
for (let i = 0; i < terminals.length; i += 100) {
  await Promise.all(
    terminals.slice(i, i + 100).map(async (t, j) => {
      if (i + j > 0) await t.connect();
      const r = await t.register(undefined, 60_000);
      if (r.result !== 0 || (await t.authenticate(r.authCode!, 60_000)) !== 0) throw new Error(`terminal ${i + j} was not let in: ${r.result}`);
    }),
  );
}
const connectSeconds = (performance.now() - t0) / 1000;
console.error(`connected ${terminals.length} in ${connectSeconds.toFixed(1)} s`);
await sleep(2000);
const rssConnected = rssKb();

// --- 1. the burst, and the ceiling ---------------------------------------------------------------------------------
const burstBase = Date.now() - 3_600_000;
let b0 = performance.now();
const burstAnswers = await Promise.all(terminals.map((t, i) => t.batch(Array.from({ length: BURST_POINTS }, (_, k) => simLocation(burstBase + k * 10_000, 121 + i / 10_000, 31 + k / 10_000)), true, 300_000)));
const burstSeconds = (performance.now() - b0) / 1000;
const burstOk = burstAnswers.filter((a) => a === 0).length;
console.error(`burst in ${burstSeconds.toFixed(1)} s`);

const secret = "derrick-local-jt808-gateway-secret";
const ceilingBase = Date.now() - 7_200_000;
const reports = ids.map((v, i) => ({ phone: v.phone, history: true, points: Array.from({ length: BURST_POINTS }, (_, k) => ({ t: ceilingBase + k * 10_000, lng: 121.5 + i / 10_000, lat: 31 + k / 10_000, speed: 30, heading: 90, alt: 12, status: { acc: true }, alarms: [], faults: [], can: { signal: 25, satellites: 12 } })) }));
const perCall = Math.floor(1000 / BURST_POINTS);
const calls: (typeof reports)[] = [];
for (let i = 0; i < reports.length; i += perCall) calls.push(reports.slice(i, i + perCall));
b0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < calls.length) {
      const body = JSON.stringify({ reports: calls[next++] });
      const res = await fetch(`${BASE}/ingest/gateway/v1/batch`, { method: "POST", headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" }, body });
      if (res.status !== 200) throw new Error(`ceiling batch answered ${res.status}`);
      await res.arrayBuffer();
    }
  }),
);
const ceilingSeconds = (performance.now() - b0) / 1000;

// --- 2. steady reports, with a map watching -------------------------------------------------------------------------
const index = new Map(ids.map((v, i) => [v.id, i]));
const sentAt = new Array<number>(terminals.length).fill(0);
const expectLng = new Array<number>(terminals.length).fill(NaN);
const mapLatency: number[] = [];
const ackLatency: number[] = [];
let measuringMap = true;
const hub = await openLean(`${BASE.replace("http", "ws")}/hub`, { Cookie: cookie });
hub.onMessage((data) => {
  const at = performance.now();
  const head = data.toString("latin1", 0, 40);
  const seq = Number(/"seq":(\d+)/.exec(head)?.[1]);
  if (head.startsWith('{"type":"snapshot"')) return hub.send(JSON.stringify({ type: "ack", seq }));
  if (!head.startsWith('{"type":"delta"')) return;
  const frame = JSON.parse(data.toString("utf8")) as { pos?: number[]; ack?: 1 };
  if (frame.ack) hub.send(JSON.stringify({ type: "ack", seq }));
  if (!measuringMap || !frame.pos) return;
  for (let p = 0; p + 6 <= frame.pos.length; p += 6) {
    const i = index.get(frame.pos[p]!);
    if (i === undefined || !sentAt[i]) continue;
    if (Math.abs(frame.pos[p + 1]! / 1e6 - expectLng[i]!) < 2e-6) {
      mapLatency.push(at - sentAt[i]!);
      sentAt[i] = 0;
    }
  }
});
hub.send(JSON.stringify({ type: "watch", vehicles: "all", fields: "map", hz: 10 }));
await sleep(3000);

let acked = 0;
let refusedAcks = 0;
let tick = 0;
const steady = async (ms: number, onHalf?: () => Promise<void>) => {
  const end = performance.now() + ms;
  const pending: Promise<void>[] = [];
  let half = false;
  while (performance.now() < end) {
    // a fifth of a second's share of the terminals, so each reports every 5 s and the load is even
    const share = Math.ceil(terminals.length / (INTERVAL_MS / 200));
    for (let k = 0; k < share; k++) {
      const i = (tick * share + k) % terminals.length;
      const lng = 122 + ((tick * share + k) % 100_000) / 100_000 + i / 1e7;
      const s = performance.now();
      sentAt[i] = s;
      expectLng[i] = Math.round(lng * 1e6) / 1e6;
      pending.push(
        terminals[i]!.report(simLocation(Date.now(), lng, 31.3), 60_000).then(
          (r) => {
            if (r === 0) acked++;
            else refusedAcks++;
            ackLatency.push(performance.now() - s);
          },
          () => {
            refusedAcks++;
          },
        ),
      );
    }
    tick++;
    if (!half && onHalf && performance.now() > end - ms / 2) {
      half = true;
      void onHalf();
    }
    await sleep(200);
  }
  await Promise.all(pending);
};
const rssSteady0 = rssKb();
await steady(STEADY_MS);
const rssSteady = rssKb();
measuringMap = false;
hub.close();

// --- 3. the Worker stops and starts again mid-run ------------------------------------------------------------------
const ackedBefore = acked;
let restartMs = 0;
await steady(STEADY_MS, async () => {
  const r0 = performance.now();
  stopServer();
  await sleep(5000);
  server = spawnServer(PORT, PERSIST, { APP_ENV: "development", CAPTCHA: "off" });
  await waitForServer(`${BASE}/healthz`, 180_000);
  restartMs = performance.now() - r0;
});
const ackedDuringRestart = acked - ackedBefore;
// the disk buffer drains within a few of its 2 s rounds once the Worker is back
await sleep(15_000);
for (const t of terminals) t.close();
stopServer();
gateway.kill("SIGTERM");
await sleep(3000);

// every acknowledged steady point (unique times per terminal) must be in the hubs' history
const hubDir = join(root, PERSIST, "v3", "do");
const dbFiles = readdirSync(hubDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith(".sqlite") && f.name !== "metadata.sqlite");
let stored = 0;
const first = ids[0]!.id;
const last = ids[ids.length - 1]!.id;
for (const f of dbFiles) {
  const client = createClient({ url: `file:${join(f.parentPath, f.name)}` });
  try {
    const rs = await client.execute({ sql: "select count(*) as n from pos where vid between ? and ? and lat = 31.3", args: [first, last] });
    stored += Number(rs.rows[0]!.n);
  } catch {
    // another object's file (no pos table)
  } finally {
    client.close();
  }
}

const perSecond = (n: number, s: number) => Math.round(n / s).toLocaleString("en");
const burstPoints = terminals.length * BURST_POINTS;
console.log(`\nJT808 gateway: ${terminals.length.toLocaleString("en")} terminals over TCP (gateway + Worker + hubs on this machine's two cores, the terminals in the bench's process; goal ≥ 5,000 positions/s)`);
console.log(`  connect, register and authenticate all   ${connectSeconds.toFixed(1)} s`);
console.log(`  blind-area burst (${BURST_POINTS} points each)         ${perSecond(burstPoints, burstSeconds)} positions/s  (${burstPoints.toLocaleString("en")} in ${burstSeconds.toFixed(1)} s, ${burstOk} of ${terminals.length} batches answered 0)  ${burstPoints / burstSeconds >= 5000 ? "ok" : "UNDER"}`);
console.log(`  the same points straight to the Worker  ${perSecond(burstPoints, ceilingSeconds)} positions/s  (the ingest's ceiling in this run; the gateway reaches ${((ceilingSeconds / burstSeconds) * 100).toFixed(0)}% of it)`);
console.log(`  steady, each every ${INTERVAL_MS / 1000} s: acknowledgement    p50 ${pct(ackLatency, 0.5).toFixed(0)} ms, p99 ${pct(ackLatency, 0.99).toFixed(0)} ms`);
console.log(`  steady: report → monitoring map        p50 ${pct(mapLatency, 0.5).toFixed(0)} ms, p99 ${pct(mapLatency, 0.99).toFixed(0)} ms  (${mapLatency.length} moves seen by a /hub map watch)`);
console.log(`  gateway memory                          ${((rssConnected - rssBefore) / terminals.length).toFixed(1)} KB a connection (RSS ${(rssBefore / 1024).toFixed(0)} → ${(rssConnected / 1024).toFixed(0)} MB connected, ${(rssSteady0 / 1024).toFixed(0)} → ${(rssSteady / 1024).toFixed(0)} MB after the steady run)`);
console.log(`  Worker stopped for ${(restartMs / 1000).toFixed(0)} s mid-run            ${ackedDuringRestart.toLocaleString("en")} reports acknowledged in that run; stored ${stored.toLocaleString("en")} of ${acked.toLocaleString("en")} acknowledged steady reports${refusedAcks ? `, ${refusedAcks} not acknowledged` : ""}  ${stored >= acked ? "nothing lost" : "LOST"}`);
process.exit(0);
