// The bill run at scale inside workerd (issue 26 §7): 10,000 contracts in force, one machine each on a monthly line,
// a month of daily roll-ups for their machines (300,000 rows), billed for one settlement month; next to a raw SQL
// pass in the same run that reads the same roll-ups into the Worker and writes the same number of rows the same way
// (JSON rows through json_each, fifty statements a D1 batch) into scratch tables. Goal: at most 3 × that floor.
import { env } from "cloudflare:test";
import { it } from "vitest";
import { runBills, writeJsonRows } from "../../app/modules/billing/bill-run.server";
import { makeTenant } from "../worker/helpers";
import { db } from "../worker/helpers";

const line = (s: string) => console.log(s);
const CONTRACTS = 10_000;
const FROM = "2026-10-01";
const TO = "2026-10-31";
const DAYS = 31;

async function exec(sql: string, ...args: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...args)
    .run();
}

/** The tenant's fleet, contracts, lines and a month of roll-ups, made by SQLite itself. */
async function seed(tenantId: number) {
  const now = Date.now();
  await exec("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, '压测客户', 'enterprise', 30, 1, 1, ?, ?)", tenantId, now, now);
  const customer = await env.DB.prepare("select id from customers where tenant_id = ?").bind(tenantId).first<{ id: number }>();
  await exec(
    `insert into vehicles (tenant_id, plate, terminal_no, state, version, created_at, updated_at)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select ?, '压B' || printf('%06d', i), 'BB' || ? || printf('%06d', i), 1, 1, ?, ? from n`,
    CONTRACTS,
    tenantId,
    tenantId,
    now,
    now,
  );
  await exec(
    `insert into contracts (tenant_id, number, kind, name, customer_id, start_on, settlement_day, payment_days, tax_rate_bp, state, current, version, created_at, updated_at)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select ?, 'BR-' || printf('%06d', i), 'rental', '压测出账' || i, ?, ?, 31, 30, 900, 3, 1, 1, ?, ? from n`,
    CONTRACTS,
    tenantId,
    customer!.id,
    FROM,
    now,
    now,
  );
  await exec(
    `insert into contract_lines (tenant_id, contract_id, line_no, vehicle_id, monthly_cents, shift_hours, fault_deduction, operators, on_rent_on)
     select c.tenant_id, c.id, 1, v.id, 2800000 + (c.id % 7) * 10000, 8, 1, 0, ? from contracts c join vehicles v on v.tenant_id = c.tenant_id and v.plate = '压B' || substr(c.number, 4)
     where c.tenant_id = ?`,
    FROM,
    tenantId,
  );
  await exec(
    `insert into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, engine_seconds, online_seconds, points, updated_at)
     with recursive d(k) as (select 0 union all select k + 1 from d where k < ?)
     select v.tenant_id, v.id, date(?, '+' || d.k || ' days'), 12.5, case when (v.id + d.k) % 7 = 0 then 0 else 28800 end, 36000, 0, ? from vehicles v, d where v.tenant_id = ?`,
    DAYS - 1,
    FROM,
    now,
    tenantId,
  );
}

it("the bill run over 10,000 contracts and 300,000 roll-ups, beside the raw SQL floor", async () => {
  const t = await makeTenant();
  await seed(t.tenantId);
  // the scratch tables of the floor: the same columns as the bill's tables, no constraints
  await exec("create table if not exists floor_bills as select * from bills where 0");
  await exec("create table if not exists floor_items as select * from bill_items where 0");
  await exec("create table if not exists floor_evidence as select * from bill_evidence where 0");

  const t0 = performance.now();
  const run = await runBills(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: TO });
  const runMs = performance.now() - t0;
  const counts = await env.DB.prepare("select (select count(*) from bills where tenant_id = ?1) bills, (select count(*) from bill_items where tenant_id = ?1) items, (select count(*) from bill_evidence where tenant_id = ?1) evidence, (select count(*) from bill_proposals where tenant_id = ?1) proposals")
    .bind(t.tenantId)
    .first<{ bills: number; items: number; evidence: number; proposals: number }>();

  // the floor: read the same roll-ups into the Worker (a chunk of machines at a time, as the run does), write as many rows
  const f0 = performance.now();
  const vehicleIds = (await env.DB.prepare("select id from vehicles where tenant_id = ? order by id").bind(t.tenantId).all<{ id: number }>()).results.map((r) => r.id);
  const bills: unknown[][] = [];
  const evidence: unknown[][] = [];
  for (let i = 0; i < vehicleIds.length; i += 100) {
    const chunk = vehicleIds.slice(i, i + 100);
    const rows = (await env.DB.prepare("select vehicle_id, day, engine_seconds, mileage_km from vehicle_daily where tenant_id = ? and vehicle_id in (select value from json_each(?)) and day between ? and ?").bind(t.tenantId, JSON.stringify(chunk), FROM, TO).all<{ vehicle_id: number; day: string; engine_seconds: number; mileage_km: number }>()).results;
    for (const v of chunk) bills.push([t.tenantId, v, `F-${v}`, FROM, TO]);
    for (const r of rows) evidence.push([t.tenantId, r.vehicle_id, r.vehicle_id, r.day, r.engine_seconds / 3600, r.mileage_km]);
  }
  const items = bills.map((b) => [b[0], b[1], 1, "monthly", "1", "month", 2_800_000, 2_800_000, 900, 231_193]);
  await writeJsonRows(db(), [
    ["insert into floor_bills (tenant_id, contract_id, number, period_from, period_to) select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4 from json_each(?) j", bills],
    ["insert into floor_items (tenant_id, bill_id, seq, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents) select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9 from json_each(?) j", items],
    ["insert into floor_evidence (tenant_id, bill_id, line_id, day, engine_hours, km) select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5 from json_each(?) j", evidence],
  ]);
  const floorMs = performance.now() - f0;

  line(`Bill run (app/modules/billing/bill-run.server.ts): ${CONTRACTS.toLocaleString("en")} contracts in force, a month of roll-ups for their machines`);
  line(`  the run        ${runMs.toFixed(0).padStart(7)} ms  ${run.bills} bills, ${counts!.items} items, ${counts!.evidence} evidence days, ${counts!.proposals} proposals`);
  line(`  raw SQL floor  ${floorMs.toFixed(0).padStart(7)} ms  (reads the same roll-ups, writes ${bills.length + items.length + evidence.length} rows the same way)`);
  line(`  ratio          ${(runMs / floorMs).toFixed(2).padStart(7)} ×  (goal ≤ 3 ×)  ${runMs / floorMs <= 3 ? "ok" : "OVER"}`);
  // a second run makes nothing new
  const a0 = performance.now();
  const again = await runBills(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: TO });
  line(`  run again      ${(performance.now() - a0).toFixed(0).padStart(7)} ms  ${again.bills} bills (idempotent)`);
});
