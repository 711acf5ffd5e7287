// npx tsx scripts/bench-reports.ts: the reports' budget (issue 26 §5): 合同收入 over 10,000 contracts with a year of
// monthly bills, server time p50 under 300 ms, beside /healthz's p50 from the same run. Builds, seeds its own
// persist dir (.wrangler/bench-reports), starts the measured server on port 8797 and prints one verdict line.
// `npm run bench` runs it after its own figures (with SKIP_BUILD=1: the bench has just built).
import { existsSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DEMO_USERS } from "../db/seed/demo-identity";
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

const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench-reports";
const REPORT = "/contractRevenue?range=recently365";

/** p50 of the report and of /healthz, taking turns (N rounds after WARM), in ms; the caller has a server at BASE. */
export async function reportsBench(base: string, cookie: string): Promise<{ report: number; floor: number }> {
  const paths = [
    { path: "/healthz", cookie: false },
    { path: REPORT, cookie: true },
  ];
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
  return { floor: p50(samples[0]!), report: p50(samples[1]!) };
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
    const login = await fetch(`${BASE}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "password", account: DEMO_USERS.admin.account, password: DEMO_USERS.admin.password }),
    });
    if (login.status !== 302) throw new Error(`bench sign-in failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { report, floor } = await reportsBench(BASE, cookie);
    console.log(`\n合同收入 ${REPORT} over ${CONTRACTS.toLocaleString("en")} contracts and a year of bills (${N} requests after ${WARM} warm-ups, ms, uncompressed)`);
    console.log(`  /healthz p50 ${floor.toFixed(2)}   report p50 ${report.toFixed(2)}   (${(report / floor).toFixed(1)}× the floor)`);
    console.log(`verdict: ${report < 300 ? "ok" : "OVER"} — report p50 ${report.toFixed(0)} ms against the 300 ms budget`);
  } finally {
    stop();
  }
}

// run when called, not when imported (by scripts/bench.ts)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
