// npx tsx scripts/bench-reports.ts: the reports' budget (issue 26 §5, issue 41): 合同收入 over 10,000 contracts with a
// year of monthly bills, and 作业报表, 油耗报表, HD报表, 里程报表, 在线离线报表 and 驾驶行为分析 over 10,000 machines with a year of
// daily roll-ups and driving alarms each, server time p50 under 300 ms, beside /healthz's p50 from the same run. Builds, seeds its own
// persist dir (.wrangler/bench-reports), starts the measured server on port 8797 and prints one verdict line.
// `npm run bench` runs it after its own figures (with SKIP_BUILD=1: the bench has just built).
import { existsSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { adminCookie } from "./bench-sign-in";
import { build, ensureInstalled, prepareDatabase, root, runBin, spawnMeasuredServer, waitForServer } from "./lib.mjs";

const CONTRACTS = 10_000;
const MONTHS = 12;
const WARM = 10;
const N = 50;

/**
 * The demo tenant's report data, made by SQLite itself: n contracts (RV-000001…, kinds rental and spot in turn, the
 * demo's customers in turn, the root organisation), one line each, 12 monthly bills each for the 12 months before this
 * one (two items: the month's rent and, on every third contract, two hours of shift overtime), inserted as drafts,
 * their items added, then confirmed (a confirmed bill refuses new items), and a cost per contract and quarter.
 */
function reportDataSql(n: number): string[] {
  const seq = (to: number) => `(with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${to}) select i from seq)`;
  const month0 = "date('now', '+8 hours', 'start of month')";
  return [
    `insert into contracts (tenant_id, org_id, number, revision, current, kind, name, customer_id, start_on, settlement_day, payment_days, deposit_cents, tax_rate_bp, value_cents, state, version, created_at, updated_at)
      select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), 'RV-' || substr('000000' || i, -6), 1, 1, case i % 2 when 0 then 'rental' else 'spot' end,
        '报表压测合同' || i, cs.id, date(${month0}, '-13 months'), 31, 30, 0, 900, 0, 3, 1, 1700000000000 + i, 1700000000000 + i
      from ${seq(n)}, tenants t
      join (select id, row_number() over (order by id) - 1 r, count(*) over () n from customers where tenant_id = (select id from tenants where code = 'demo')) cs on cs.r = i % cs.n
      where t.code = 'demo'`,
    `insert into contract_lines (tenant_id, contract_id, line_no, equipment_type, monthly_cents, shift_hours, fault_deduction, operators, on_rent_on)
      select c.tenant_id, c.id, 1, cast(1 + c.id % 8 as text), 3000000, 8, 0, 0, c.start_on from contracts c where c.number like 'RV-%'`,
    `insert into bills (tenant_id, org_id, number, kind, contract_id, root_id, customer_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, state, version, created_at, updated_at)
      select c.tenant_id, c.org_id, c.number || '-' || m.i, 'regular', c.id, c.id, c.customer_id, date(${month0}, '-' || m.i || ' months'), date(${month0}, '-' || (m.i - 1) || ' months', '-1 day'),
        3000000 + (c.id % 7) * 1000 + case when c.id % 3 = 0 then 50000 else 0 end, 0, 900, date(${month0}, '-' || (m.i - 1) || ' months', '+29 days'), 0, 1, 1700000000000, 1700000000000
      from contracts c, ${seq(MONTHS)} m where c.number like 'RV-%'`,
    `insert into bill_items (tenant_id, bill_id, seq, line_id, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents)
      select b.tenant_id, b.id, 1, l.id, 'monthly', '1', 'month', 3000000 + (b.contract_id % 7) * 1000, 3000000 + (b.contract_id % 7) * 1000, 900, 0
      from bills b join contract_lines l on l.contract_id = b.contract_id where b.number like 'RV-%'`,
    `insert into bill_items (tenant_id, bill_id, seq, line_id, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents)
      select b.tenant_id, b.id, 2, l.id, 'shiftOvertime', '2', 'hour', 25000, 50000, 900, 0
      from bills b join contract_lines l on l.contract_id = b.contract_id where b.number like 'RV-%' and b.contract_id % 3 = 0`,
    `update bills set state = 1 where number like 'RV-%'`,
    `insert into contract_costs (tenant_id, contract_id, kind, amount_cents, occurred_on, version, created_at, updated_at)
      select c.tenant_id, c.id, 'repair', 100000 + c.id % 1000, date(${month0}, '-' || (q.i * 3 - 1) || ' months', '+14 days'), 1, 1700000000000, 1700000000000
      from contracts c, ${seq(4)} q where c.number like 'RV-%'`,
  ];
}

const MACHINES = 10_000;
const DAYS = 365;

/**
 * The demo tenant's fleet data: n machines (BM-00001…, the demo's models in turn, the root organisation), each with a
 * daily roll-up for each of the DAYS days through yesterday (engine time on six days of seven, kilometres and fuel),
 * month by month, so vehicle_daily's triggers build the months and the fleet days as the hub's writes would; and
 * driving alarms on those days (an overspeed one day in eight, idling too long one in twenty, fatigue one in forty:
 * about 730,000 in the year).
 */
function fleetDataSql(n: number): string[] {
  const seq = (to: number) => `(with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${to}) select i from seq)`;
  const statements = [
    `insert into vehicles (tenant_id, org_id, plate, terminal_no, model_id, state, version, created_at, updated_at)
      select t.id, (select id from organisations where tenant_id = t.id and parent_id is null), 'BM-' || substr('00000' || i, -5), 'BMT' || substr('00000' || i, -5),
        m.id, 1, 1, 1700000000000, 1700000000000
      from ${seq(n)}, tenants t
      join (select id, row_number() over (order by id) - 1 r, count(*) over () n from vehicle_models where tenant_id = (select id from tenants where code = 'demo')) m on m.r = i % m.n
      where t.code = 'demo'`,
  ];
  // one statement a month of days (about 300,000 rows), oldest first
  for (let m = Math.ceil(DAYS / 30) - 1; m >= 0; m--) {
    const first = m * 30 + 1;
    const last = Math.min(DAYS, m * 30 + 30);
    statements.push(`insert into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, fuel_used_l, engine_seconds, idle_seconds, online_seconds, updated_at)
      select v.tenant_id, v.id, date('now', '+8 hours', '-' || d.i || ' days'), case when (v.id + d.i) % 7 = 0 then 0 else 20 + (v.id * 7 + d.i) % 60 end,
        case when (v.id + d.i) % 7 = 0 then 0 else 9 + (v.id + d.i * 3) % 25 end, case when (v.id + d.i) % 7 = 0 then 0 else 14400 + (v.id * 13 + d.i) % 18000 end,
        case when (v.id + d.i) % 7 = 0 then 0 else 1800 + (v.id * 11 + d.i) % 5400 end, 36000, 1700000000000
      from vehicles v, (select i from ${seq(last)} where i >= ${first}) d where v.plate like 'BM-%'`);
    statements.push(`insert into alarms (tenant_id, vehicle_id, hub_key, kind, level, at, detail, version, created_at)
      select v.tenant_id, v.id, 'bench-' || k.kind || '-' || v.id || '-' || d.i, k.kind, 2,
        (cast(strftime('%s', date('now', '+8 hours', '-' || d.i || ' days')) as integer) - 8 * 3600 + 36000 + (v.id * 37 + d.i * 11) % 28800) * 1000, '{}', 1, 1700000000000
      from vehicles v, (select i from ${seq(last)} where i >= ${first}) d, (select 'overspeed' as kind, 8 as every union all select 'idle', 20 union all select 'fatigue', 40) k
      where v.plate like 'BM-%' and (v.id * 3 + d.i) % k.every = 0`);
  }
  return statements;
}

const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench-reports";
const REPORTS = [
  "/contractRevenue?range=recently365",
  "/operationReport?range=recently365",
  "/oilWearReport?range=recently365",
  "/hdReport?range=recently365",
  "/mileageReport?range=recently365",
  "/onlineReport?range=recently365",
  "/drivingBehaviorReport?range=recently365",
];

/** p50 of each report and of /healthz, taking turns (N rounds after WARM), in ms; the caller has a server at BASE. */
export async function reportsBench(base: string, cookie: string, reports: string[] = REPORTS): Promise<{ reports: number[]; floor: number }> {
  const paths = [{ path: "/healthz", cookie: false }, ...reports.map((path) => ({ path, cookie: true }))];
  const samples = paths.map(() => [] as number[]);
  for (let i = 0; i < WARM + N; i++)
    for (const [k, p] of paths.entries()) {
      const t0 = performance.now();
      const res = await fetch(`${base}${p.path}`, { headers: { "Accept-Encoding": "identity", ...(p.cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
      if (i >= WARM) samples[k]!.push(performance.now() - t0);
    }
  const p50 = (s: number[]) => s.sort((a, b) => a - b)[Math.floor(s.length / 2)]!;
  return { floor: p50(samples[0]!), reports: samples.slice(1).map(p50) };
}

async function main() {
  ensureInstalled();
  // SKIP_BUILD=1: the build/ of a build just made (under the shared lock) is used as it is
  if (!process.env.SKIP_BUILD) build();
  // KEEP_DATA=1: measure again on the data an earlier run made (seeding takes minutes)
  if (!process.env.KEEP_DATA || !existsSync(`${root}${PERSIST}`)) {
    rmSync(`${root}${PERSIST}`, { recursive: true, force: true });
    prepareDatabase(PERSIST);
    console.log(`▸ ${CONTRACTS.toLocaleString("en")} contracts, ${(CONTRACTS * MONTHS).toLocaleString("en")} confirmed bills…`);
    for (const statement of reportDataSql(CONTRACTS)) runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", statement], { env: { CI: "1" }, stdio: "ignore" });
    console.log(`▸ ${MACHINES.toLocaleString("en")} machines, ${(MACHINES * DAYS).toLocaleString("en")} daily roll-ups…`);
    for (const statement of fleetDataSql(MACHINES)) runBin("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--command", statement], { env: { CI: "1" }, stdio: "ignore" });
  }
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
    const { reports, floor } = await reportsBench(BASE, cookie);
    console.log(
      `\nReports over a year: 合同收入 over ${CONTRACTS.toLocaleString("en")} contracts and their monthly bills, 作业报表, 油耗报表, HD报表, 里程报表, 在线离线报表 and 驾驶行为分析 over ${MACHINES.toLocaleString("en")} machines, their daily roll-ups and driving alarms (${N} requests each after ${WARM} warm-ups, taking turns, ms, uncompressed)`,
    );
    console.log(`  /healthz p50 ${floor.toFixed(2)}`);
    for (const [i, path] of REPORTS.entries()) console.log(`  ${path.padEnd(42)} p50 ${reports[i]!.toFixed(2).padStart(8)}   (${(reports[i]! / floor).toFixed(1)}× the floor)  ${reports[i]! < 300 ? "ok" : "OVER"}`);
    const worst = Math.max(...reports);
    console.log(`verdict: ${worst < 300 ? "ok" : "OVER"} — the slowest report's p50 ${worst.toFixed(0)} ms against the 300 ms budget`);
  } finally {
    stop();
  }
}

// run when called, not when imported (by scripts/bench.ts)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
