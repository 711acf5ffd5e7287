// npm run bench: server time of the shell's pages next to a bare Worker response from the same run,
// and the gzipped JS+CSS of their first load. Figures, not pass/fail.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { adminCookie } from "./bench-sign-in";
import { fanoutBench } from "./bench-fanout";
import { fpsBench } from "./bench-fps";
import { pdfBench } from "./bench-pdf";
import { soakBench, soakLines, trafficLines, wallTrafficBench } from "./bench-soak";
import { startupBench } from "./bench-startup";
import { build, ensureChromium, ensureInstalled, prepareDatabase, root, runBin, spawnMeasuredServer, waitForServer } from "./lib.mjs";
import { seeded } from "./simulator-model";

function bulkUsersSql(n: number): string {
  return `insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, phone, version, created_at, updated_at)
    select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), 'bench' || i, '压测用户' || i, 'x', i % 2,
      '139' || substr('0000000' || i, -8), 1, 1700000000000 + i * 1000, 1700000000000 + i * 1000
    from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n}) select i from seq), tenants t where t.code = 'demo'`;
}

function bulkVehiclesSql(n: number): string {
  return `insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at)
    select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), '沪F' || substr('00000' || i, -5), 'FPS' || substr('0000000' || i, -7), 1, 1, 1700000000000, 1700000000000
    from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n}) select i from seq), tenants t where t.code = 'demo'`;
}

/**
 * The availability board's machines: n vehicles (plates 沪Q00001…) with two executing contracts, each machine on a line
 * of both in the current month (the 1st–10th and from the 16th on), so every row of a page draws two bars.
 */
function bulkScheduleSql(n: number): string[] {
  const seq = `(with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n}) select i from seq)`;
  const month = "date('now', '+8 hours', 'start of month')";
  return [
    `insert into vehicles (tenant_id, org_id, plate, terminal_no, state, vehicle_type, version, created_at, updated_at)
      select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), '沪Q' || substr('00000' || i, -5), 'SCH' || substr('0000000' || i, -7), 1, '1', 1, 1700000000000, 1700000000000
      from ${seq}, tenants t where t.code = 'demo'`,
    `insert into contracts (tenant_id, number, revision, current, kind, name, start_on, settlement_day, payment_days, deposit_cents, tax_rate_bp, value_cents, state, version, created_at, updated_at)
      select t.id, 'BENCH-' || k, 1, 1, 'rental', '排班压测合同' || k, ${month}, 31, 30, 0, 900, 0, 3, 1, 1700000000000, 1700000000000
      from (select 1 k union all select 2), tenants t where t.code = 'demo'`,
    `insert into contract_lines (tenant_id, contract_id, line_no, vehicle_id, shift_hours, fault_deduction, operators, on_rent_on, off_rent_on)
      select v.tenant_id, c.id, cast(substr(v.plate, 3) as integer), v.id, 8, 0, 0,
        case c.number when 'BENCH-1' then ${month} else date(${month}, '+15 days') end, case c.number when 'BENCH-1' then date(${month}, '+9 days') end
      from vehicles v join contracts c on c.tenant_id = v.tenant_id and c.number in ('BENCH-1', 'BENCH-2') where v.terminal_no like 'SCH%'`,
  ];
}

/**
 * The contract list's rows: n contracts of the demo tenant across the kinds and states as a rental company's history
 * has them (most completed, some executing, a few of every other state; names 压测合同…, one of its customers each,
 * start days over three years), each with three lines (a machine type, rates, on- and, when completed, off-rent days),
 * so a page's 设备数 counts real lines. Made by SQLite itself, as the users are.
 */
function bulkContractsSql(n: number): string[] {
  const seq = `(with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n}) select i from seq)`;
  const kinds = `json_array('rental', 'spot', 'bare', 'charter', 'rentToOwn', 'project')`;
  return [
    `insert into contracts (tenant_id, number, revision, current, kind, name, customer_id, project, start_on, planned_end_on, settlement_day, payment_days, deposit_cents, tax_rate_bp, value_cents, state, version, created_at, updated_at)
      select t.id, 'BL-' || substr('000000' || i, -6), 1, 1, json_extract(${kinds}, '$[' || (i % 6) || ']'), '压测合同' || i,
        cs.id,
        '压测项目' || (i % 500), date('2024-01-01', '+' || (i % 1095) || ' days'), date('2024-01-01', '+' || (i % 1095 + 180) || ' days'), 20, 30, 0, 900, 100000 * (i % 97 + 1),
        case when i % 100 < 85 then 4 when i % 100 < 93 then 3 else i % 10 end, 1,
        1700000000000 + i * 1000, 1700000000000 + i * 1000
      from ${seq}, tenants t
      join (select id, tenant_id, row_number() over (order by id) - 1 r, count(*) over () n from customers where tenant_id = (select id from tenants where code = 'demo')) cs on cs.r = i % cs.n
      where t.code = 'demo'`,
    `insert into contract_lines (tenant_id, contract_id, line_no, equipment_type, monthly_cents, shift_hours, fault_deduction, operators, on_rent_on, off_rent_on)
      select c.tenant_id, c.id, k, '1', 3000000 + k * 100000, 8, 0, 0, c.start_on, case when c.state = 4 then c.planned_end_on end
      from contracts c, (select 1 k union all select 2 union all select 3) where c.number like 'BL-%'`,
  ];
}

/** The items in a new order (Fisher–Yates), drawn from `random`. */
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const PORT = 8789;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench";
const N = 200;

ensureInstalled();
ensureChromium(); // the frame-rate figure drives Debian's Chromium, as the e2e layer does
build();
rmSync(`${root}${PERSIST}`, { recursive: true, force: true });
prepareDatabase(PERSIST);
// 100,000 users in the demo tenant for the list benchmark, made by SQLite itself in one statement
const LIST_ROWS = 100_000;
runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", bulkUsersSql(LIST_ROWS)], { env: { CI: "1" }, stdio: "ignore" });
// 5,000 vehicles in the demo tenant for the monitoring page's frame rate
const FPS_VEHICLES = 5000;
runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", bulkVehiclesSql(FPS_VEHICLES)], { env: { CI: "1" }, stdio: "ignore" });
// 2,000 machines on the availability board, each on two contract lines this month
const BOARD_MACHINES = 2000;
for (const statement of bulkScheduleSql(BOARD_MACHINES)) runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", statement], { env: { CI: "1" }, stdio: "ignore" });
// 100,000 contracts with 300,000 lines in the demo tenant for the contract list (issue 25 §6)
const CONTRACT_ROWS = 100_000;
for (const statement of bulkContractsSql(CONTRACT_ROWS)) runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", statement], { env: { CI: "1" }, stdio: "ignore" });
const fleetIds = (() => {
  const out = spawnSync(`${root}node_modules/.bin/wrangler`, ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command", "select id from vehicles where terminal_no like 'FPS%' order by id"], { cwd: root, encoding: "utf8", env: { ...process.env, CI: "1" } });
  return (JSON.parse(out.stdout) as { results: { id: number }[] }[])[0]!.results.map((r) => r.id);
})();
const server = spawnMeasuredServer(PORT, PERSIST, { APP_ENV: "development", CAPTCHA: "off" });
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
};
process.on("exit", stop);

try {
  await waitForServer(`${BASE}/healthz`);
  const cookie = await adminCookie(BASE);

  // Requests to every measured path take turns, so a slower stretch of the machine hits the floor and the pages
  // alike and the ratios stay comparable between runs. The order of the requests is shuffled every round (from a fixed
  // seed, so a run can be repeated): in a fixed rotation the same request follows the same one every round, and a path's
  // figure carried its neighbour's leftovers. The same build, database and server measured users' state + sort page
  // 1.6–1.9 ms above its first page in the bench's fixed order, 0.15–0.17 ms above it reversed or shuffled (2026-11-28,
  // docs/architecture.md); a rotation that repeats exactly can also fall into step with the runtime's periodic work
  // (a V8 collection every so many requests) and charge it to one path.
  // Each path is asked for twice a round. Once with `Accept-Encoding: identity`: the Worker's own time, the figure
  // the budgets are about. Once with gzip, as browsers ask: wrangler's local runtime then compresses the page itself,
  // in the Worker's process, as it stands in for Cloudflare's edge, which compresses responses after the Worker (not
  // on its CPU). That second figure is printed beside the first for what a local client waits.
  const ENCODINGS = ["identity", "gzip, deflate, br"] as const;
  const timeAll = async (paths: { name: string; path: string; withCookie: boolean }[]) => {
    const samples = paths.map(() => ENCODINGS.map(() => [] as number[]));
    const requests = paths.flatMap((_, k) => ENCODINGS.map((_, e) => [k, e] as const));
    const random = seeded(2026);
    for (let i = 0; i < N + 20; i++) {
      for (const [k, e] of shuffle(requests, random)) {
        const { path, withCookie } = paths[k]!;
        const encoding = ENCODINGS[e];
        const t0 = performance.now();
        const res = await fetch(`${BASE}${path}`, { headers: { "Accept-Encoding": encoding, ...(withCookie ? { Cookie: cookie } : {}) }, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (i >= 20) samples[k]![e]!.push(performance.now() - t0); // the first 20 rounds warm up
      }
    }
    return paths.map(({ name }, k) => {
      const [own, zipped] = samples[k]!.map((s) => s.sort((a, b) => a - b));
      return { name, p50: own![Math.floor(N * 0.5)]!, p95: own![Math.floor(N * 0.95)]!, gzipP50: zipped![Math.floor(N * 0.5)]! };
    });
  };

  const [floor, ...timed] = await timeAll([
    { name: "floor", path: "/healthz", withCookie: false },
    { name: "/login", path: "/login", withCookie: false },
    { name: "/manageWork", path: "/manageWork", withCookie: true },
    { name: "first page", path: "/userManage", withCookie: true },
    { name: "state+sort", path: "/userManage?state=1&sort=userName&order=asc&page=7", withCookie: true },
    { name: "text search", path: "/userManage?q=%E5%8E%8B%E6%B5%8B%E7%94%A8%E6%88%B79999", withCookie: true },
    { name: "board page 1", path: `/quickSchedule?q=${encodeURIComponent("沪Q")}`, withCookie: true },
    { name: "board page 20", path: `/quickSchedule?q=${encodeURIComponent("沪Q")}&type=1&page=20`, withCookie: true },
    { name: "first page", path: "/contractList", withCookie: true },
    { name: "state+sort", path: "/contractList?state=3&sort=startOn&order=desc&page=7", withCookie: true },
    { name: "kind+state", path: "/contractList?kind=spot&state=3&sort=startOn&order=asc", withCookie: true },
    { name: "header sort", path: "/contractList?sort=plannedEndOn&order=asc", withCookie: true },
    { name: "text search", path: `/contractList?q=${encodeURIComponent("压测合同9999")}`, withCookie: true },
  ]);
  const rows = timed.slice(0, 2);
  const listRows = timed.slice(2, 5);
  const boardRows = timed.slice(5, 7);
  const contractRows = timed.slice(7);

  const firstLoad = async (path: string, withCookie: boolean) => {
    const html = await (await fetch(`${BASE}${path}`, { headers: withCookie ? { Cookie: cookie } : {} })).text();
    // the build's assets and the shell's texts script (/i18n/shell.<lang>.<hash>.js), JS the page runs like the rest
    const urls = new Set([...html.matchAll(/(?:src|href)="(\/(?:assets|i18n)\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    let js = 0;
    let css = 0;
    for (const u of urls) {
      const bytes = gzipSync(Buffer.from(await (await fetch(`${BASE}${u}`)).arrayBuffer())).length;
      if (u.endsWith(".css")) css += bytes;
      else js += bytes;
    }
    return { js, css, html: gzipSync(Buffer.from(html)).length, files: urls.size };
  };

  console.log(`\nServer time over ${N} sequential requests per path, the paths taking turns in a shuffled order (ms, client round trip through wrangler's local runtime without its DevTools capture: scripts/serve.mjs; uncompressed, with the local stand-in for the edge's gzip in the last column)`);
  const header = `  ${"path".padEnd(14)} ${"p50".padStart(7)} ${"p95".padStart(7)}  p50 / floor  verdict   gzip p50`;
  const line = (r: { name: string; p50: number; p95: number; gzipP50: number }, verdict: string) =>
    `  ${r.name.padEnd(14)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)}  ${(r.p50 / floor!.p50).toFixed(2).padStart(10)}×  ${verdict.padEnd(7)} ${r.gzipP50.toFixed(2).padStart(9)}`;
  console.log(`${header}   (budget ≤ 3× the floor)`);
  console.log(line(floor!, ""));
  for (const r of rows) console.log(line(r, r.p50 / floor!.p50 <= 3 ? "ok" : "OVER"));
  console.log(`\nA list of ${LIST_ROWS.toLocaleString("en")} rows (/userManage), same floor (budget p50 ≤ 25 ms and ≤ 3× for the first page and a filtered, sorted page; text search shown without a budget)`);
  console.log(header);
  for (const r of listRows) console.log(line(r, r.name === "text search" ? "—" : r.p50 / floor!.p50 <= 3 && r.p50 <= 25 ? "ok" : "OVER"));
  console.log(`\nThe availability board (/quickSchedule) over ${BOARD_MACHINES.toLocaleString("en")} machines for a month, 100 a page, two bars a row, same floor (budget p50 ≤ 100 ms)`);
  console.log(header);
  for (const r of boardRows) console.log(line(r, r.p50 <= 100 ? "ok" : "OVER"));
  console.log(`\nThe contract list (/contractList) over ${CONTRACT_ROWS.toLocaleString("en")} contracts and ${(CONTRACT_ROWS * 3).toLocaleString("en")} lines, same floor (the list budget: p50 ≤ 25 ms and ≤ 3× for the first page and a filtered, sorted page; the kind and state filters together, a sort by a column header alone and text search shown without a budget)`);
  console.log(header);
  for (const r of contractRows) console.log(line(r, r.name === "first page" || r.name === "state+sort" ? (r.p50 / floor!.p50 <= 3 && r.p50 <= 25 ? "ok" : "OVER") : "—"));
  console.log(`\nFirst load, gzipped bytes (budget: JS+CSS ≤ 150 KB for a business screen)`);
  const loads: Record<string, { js: number; css: number }> = {};
  // and the documents: a new 设备调拨 on the generic document page, and a new contract
  for (const [path, withCookie] of [["/login", false], ["/manageWork", true], ["/userManage", true], ["/quickSchedule", true], ["/contractList", true], ["/equipmentTransfer/form?new=1", true], ["/contractList/form?new=1", true]] as const) {
    const b = await firstLoad(path, withCookie);
    loads[path] = b;
    const total = b.js + b.css;
    console.log(`  ${path.padEnd(path.length > 14 ? 28 : 14)} JS ${(b.js / 1024).toFixed(1)} KB + CSS ${(b.css / 1024).toFixed(1)} KB = ${(total / 1024).toFixed(1)} KB in ${b.files} files  ${total <= 150 * 1024 ? "ok" : "OVER"}   (+ HTML ${(b.html / 1024).toFixed(1)} KB, which carries the loader data and the shell's texts in the page's language: ${((total + b.html) / 1024).toFixed(1)} KB with it)`);
  }
  console.log(`\nA big screen's first load, gzipped bytes (budget: JS+CSS ≤ 200 KB; the map's engine comes after the page)`);
  for (const path of ["/homeworkScreen", "/towerScreen", "/windScreen"]) {
    const b = await firstLoad(path, true);
    const total = b.js + b.css;
    console.log(`  ${path.padEnd(28)} JS ${(b.js / 1024).toFixed(1)} KB + CSS ${(b.css / 1024).toFixed(1)} KB = ${(total / 1024).toFixed(1)} KB in ${b.files} files  ${total <= 200 * 1024 ? "ok" : "OVER"}   (+ HTML ${(b.html / 1024).toFixed(1)} KB)`);
  }
  const added = loads["/userManage"]!.js - loads["/manageWork"]!.js;
  console.log(`  a list screen adds ${(added / 1024).toFixed(1)} KB of gzipped JS to the shell (budget ≤ 40 KB)  ${added <= 40 * 1024 ? "ok" : "OVER"}`);
  const board = loads["/quickSchedule"]!.js - loads["/manageWork"]!.js;
  console.log(`  the availability board adds ${(board / 1024).toFixed(1)} KB of gzipped JS to the shell (budget ≤ 60 KB)  ${board <= 60 * 1024 ? "ok" : "OVER"}`);
  // a wall screen left open for a day of 1,000 machines (its hub played by the script; the real hub's bytes after the fan-out)
  for (const line of soakLines(await soakBench({ base: BASE, cookie, ids: fleetIds.slice(0, 1000) }))) console.log(line);

  console.log(`\nMonitoring page frame rate in Chromium (software GL), /equipmentMonitor with ${fleetIds.length.toLocaleString("en")} vehicles (goal 30 fps)`);
  for (const r of await fpsBench({ base: BASE, cookie, ids: fleetIds })) console.log(`  ${r.label.padEnd(28)} ${r.fps.toFixed(1).padStart(5)} fps  worst frame ${r.worstFrameMs.toFixed(0)} ms`);

  console.log(`\nFan-out: one position posted through the terminal API → its delta at every subscriber, sockets opened from this Node process (ms; goal p99 < 100 at 1,000)`);
  console.log(`  ${"subscribers".padEnd(12)} ${"p50".padStart(7)} ${"p99".padStart(7)}  received   (a round whose first frame comes late was held up before the hub sent anything, such as by a collection of its isolate: docs/fanout-latency.md)`);
  const runtime = readFileSync(`${root}${PERSIST}/runtime-url`, "utf8").trim();
  for (const r of await fanoutBench({ base: BASE, runtime, cookie, prefix: `FO${Date.now().toString(36).slice(-4).toUpperCase()}` })) {
    const verdict = r.reference ? "(reference: through wrangler dev's proxy Worker, with permessage-deflate; see scripts/bench-fanout.ts)" : r.subscribers < 1000 || r.p99 < 100 ? "ok" : "OVER";
    console.log(`  ${String(r.subscribers).padEnd(12)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${r.samples} of ${r.expected}  ${verdict}   (slowest round: first frame ${r.slowest.first.toFixed(0)}, last ${r.slowest.last.toFixed(0)} ms)`);
  }
  // last in the server's life: its 1,000 terminals (FPS0000001…, fleetIds' first) stay live on the hub for minutes after
  const terminals = fleetIds.slice(0, 1000).map((_, i) => `FPS${String(i + 1).padStart(7, "0")}`);
  for (const line of trafficLines(await wallTrafficBench({ base: BASE, cookie, terminals }))) console.log(line);
} finally {
  stop();
}

{
  const pdf = await pdfBench();
  console.log(`\nA contract PDF of three pages (28 lines, fees, plan, signatures; Noto Sans SC subset), rendered in Node as the Worker renders it (app/modules/contract-pdf)`);
  console.log(`  ${pdf.pages} pages, ${(pdf.bytes / 1024).toFixed(0)} KB: first ${pdf.first.toFixed(0)} ms, then p50 ${pdf.p50.toFixed(0)} ms, worst ${pdf.max.toFixed(0)} ms`);
}

{
  // after the server has stopped: the profiles are wall-clock samples, and other work on the two cores lengthens them
  const s = startupBench();
  const ms = (x: number) => `${x.toFixed(0).padStart(4)} ms`;
  const spread = (xs: number[]) => `runs ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(`\nWorker start-up: CPU to parse the Worker and evaluate its global scope in a fresh local runtime (wrangler check startup's profile, median of ${s.runs.app.length} runs: scripts/bench-startup.ts; budget ≤ 100 ms above a trivial Worker, a quarter of Cloudflare's 400 ms limit)`);
  console.log(`  a trivial Worker         ${ms(s.trivial)}   (${spread(s.runs.trivial)})`);
  console.log(`  the Worker               ${ms(s.app)}   (${spread(s.runs.app)}; +${(s.app - s.trivial).toFixed(0)} ms)  ${s.app - s.trivial <= 100 ? "ok" : "OVER"}`);
  console.log(`  the pages' build alone   ${ms(s.pages)}   (${spread(s.runs.pages)}; imported by an isolate's first page request, not at start-up; no budget)`);
}

// the hub's ingest and bytes-per-client figures and the bill run run inside workerd (the workers pool), after the server has stopped
console.log(`\nInside workerd (tests/bench/*.perf.ts)`);
const perf = spawnSync(`${root}node_modules/.bin/vitest`, ["run", "--project", "bench"], { cwd: root, encoding: "utf8", env: { ...process.env, DERRICK_BENCH: "1", NO_COLOR: "1", FORCE_COLOR: "0" } });
for (const l of `${perf.stdout}\n${perf.stderr}`.split("\n")) if (/^ {2}\S|^(Ingest|One client|Fan-out|Bill run|Maintenance due list)|FAIL|Error/.test(l)) console.log(l);

// the reports' budget (issue 26 §5, issue 41) on a data set of its own (10,000 contracts and a year of bills, 10,000 machines and a year of days), with this run's build
const reports = spawnSync(`${root}node_modules/.bin/tsx`, ["scripts/bench-reports.ts"], { cwd: root, encoding: "utf8", env: { ...process.env, SKIP_BUILD: "1" } });
for (const l of `${reports.stdout}`.split("\n")) if (/^(Reports over| {2}\/|verdict)/.test(l)) console.log(l.startsWith("Reports over") ? `\n${l}` : l);
if (reports.status !== 0) console.log(`  the reports bench failed: ${reports.stderr.split("\n").filter(Boolean).slice(-3).join(" / ")}`);

// the JT808 gateway (issue 43) with its own database and server: 2,000 terminals over TCP, the burst next to the ingest's ceiling, the map's latency, a Worker restart
const jt808 = spawnSync(`${root}node_modules/.bin/tsx`, ["scripts/bench-jt808.ts"], { cwd: root, encoding: "utf8", env: { ...process.env, SKIP_BUILD: "1", JT808_LOG: "off" } });
let jt808Lines = false;
for (const l of `${jt808.stdout}`.split("\n")) {
  if (l.startsWith("JT808 gateway")) jt808Lines = true;
  if (jt808Lines && l) console.log(l.startsWith("JT808 gateway") ? `\n${l}` : l);
}
if (jt808.status !== 0) console.log(`  the JT808 bench failed: ${jt808.stderr.split("\n").filter(Boolean).slice(-3).join(" / ")}`);
process.exit(0);
