// 保养计划 at scale inside workerd (issue 42): 10,000 machines with a year of daily roll-ups (3.65 million days, made by
// SQLite itself), an hour-meter reading each, four plans (10,200 schedules) and 4,000 services. Timed: the due list's
// page (/maintenancePlan, its first page, the overdue filter and a deep page), next to the list of the same 10,000
// machines (/deviceList) in the same run, as the Worker's own handler answers them (server time); and the daily
// recompute over the 10,000 machines, and the first one that makes their schedules. Goal: the due list's p50 under
// 100 ms.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { it } from "vitest";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { recomputeSchedules } from "../../app/modules/maintenance/meters.server";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import { db, makeTenant, ORIGIN, signIn } from "../worker/helpers";

const line = (s: string) => console.log(s);
const MACHINES = 10_000;
const DAYS = 365;
const N = 60;
const WARM = 10;

async function exec(sql: string, ...args: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...args)
    .run();
}

/**
 * The fleet and its year, made by SQLite: machines (8 in 10 truck cranes, 1 crawler, 1 tower), a day each of the 365
 * before today (engine time on six days of seven), an hour-meter reading each 200 days ago. vehicle_daily's triggers
 * are set aside while the days go in and the months they keep are summed once after (the same rows, a minute less
 * of set-up), then put back as they were.
 */
async function seedFleet(tenantId: number, today: string) {
  const now = Date.now();
  await exec(
    `insert into vehicles (tenant_id, plate, terminal_no, vehicle_type, state, version, created_at, updated_at)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select ?, '沪M' || printf('%05d', i), 'MT' || ? || printf('%06d', i), case when i % 10 = 0 then '3' when i % 10 = 5 then '2' else '1' end, 1, 1, ?, ? from n`,
    MACHINES,
    tenantId,
    tenantId,
    now,
    now,
  );
  const triggers = (await env.DB.prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'vehicle_daily'").all<{ name: string; sql: string }>()).results;
  for (const t of triggers) await exec(`drop trigger ${t.name}`);
  for (let m = 0; m < 13; m++) {
    const [from, to] = [m * 30 + 1, Math.min(DAYS, m * 30 + 30)];
    if (from > to) break;
    await exec(
      `insert into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, engine_seconds, updated_at)
       with recursive d(k) as (select ? union all select k + 1 from d where k < ?)
       select v.tenant_id, v.id, date(?, '-' || d.k || ' days'), case when v.vehicle_type = '1' then 20 + (v.id + d.k) % 60 else 0 end,
         case when (v.id + d.k) % 7 = 0 then 0 else 14400 + (v.id * 13 + d.k) % 18000 end, ?
       from vehicles v, d where v.tenant_id = ?`,
      from,
      to,
      today,
      now,
      tenantId,
    );
  }
  await exec(
    `insert into vehicle_monthly (tenant_id, vehicle_id, month, days_worked, engine_seconds, idle_seconds, mileage_km, fuel_used_l, days_moving, online_seconds, days_online)
     select tenant_id, vehicle_id, substr(day, 1, 7), sum(engine_seconds > 0), sum(engine_seconds), 0, sum(mileage_km), 0, sum(mileage_km > 0), 0, 0 from vehicle_daily where tenant_id = ? group by vehicle_id, substr(day, 1, 7)`,
    tenantId,
  );
  for (const t of triggers) await exec(t.sql);
  await exec(
    `insert into meter_readings (tenant_id, vehicle_id, read_on, hours, km, source, version, created_at, updated_at)
     select tenant_id, id, ?, 30000 + (id % 500) * 100, 40000 + id % 9000, 'manual', 1, ?, ? from vehicles where tenant_id = ?`,
    addDays(today, -200),
    now,
    now,
    tenantId,
  );
}

/** Four plans as the demo has them, by type, and one of 200 listed machines. */
async function seedPlans(tenantId: number, today: string): Promise<number[]> {
  const now = Date.now();
  const plan = async (name: string, coverage: string, type: string | null, hours: number | null, days: number | null, startOn: string) =>
    (await env.DB.prepare("insert into maintenance_plans (tenant_id, number, name, coverage, equipment_type, interval_hours, interval_days, start_on, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id")
      .bind(tenantId, `BP-BENCH-${name}`, name, coverage, type, hours, days, startOn, now, now)
      .first<{ id: number }>())!.id;
  const ids = [
    await plan("250小时保养", "type", "1", 250, null, addDays(today, -150)),
    await plan("500小时保养", "type", "2", 500, 365, addDays(today, -200)),
    await plan("塔吊月度保养", "type", "3", null, 30, addDays(today, -60)),
  ];
  const listed = await plan("年度保养", "machines", null, null, 365, addDays(today, -340));
  await exec("insert into maintenance_plan_vehicles (tenant_id, plan_id, position, vehicle_id) select tenant_id, ?, row_number() over (order by id), id from vehicles where tenant_id = ? and id % 50 = 0", listed, tenantId);
  return [...ids, listed];
}

/** Half the truck cranes serviced under 250小时保养, at days from 1 to 90 ago. */
async function seedServices(tenantId: number, planId: number, today: string) {
  const now = Date.now();
  await exec(
    `insert into maintenance_records (tenant_id, number, plan_id, vehicle_id, service_on, hours, km, done_by, version, created_at, updated_at)
     select tenant_id, 'BY-BENCH-' || id, ?, id, date(?, '-' || (1 + id % 90) || ' days'), null, null, '压测', 1, ?, ? from vehicles where tenant_id = ? and vehicle_type = '1' and id % 2 = 0`,
    planId,
    today,
    now,
    now,
    tenantId,
  );
  // their meter at the service: the reading and the roll-ups since (set-based, as the recompute reads them)
  await exec(
    `update maintenance_records set hours = (select r.hours from meter_readings r where r.vehicle_id = maintenance_records.vehicle_id) + (select cast(round(sum(d.engine_seconds) / 360.0) as integer) from vehicle_daily d where d.vehicle_id = maintenance_records.vehicle_id and d.day > ? and d.day <= maintenance_records.service_on), km = 0 where tenant_id = ? and plan_id = ?`,
    addDays(today, -200),
    tenantId,
    planId,
  );
}

/** A GET handed straight to the Worker's fetch handler (no local HTTP front): the server's own time, in ms. */
async function timed(path: string, cookie: string): Promise<number> {
  const ctx = createExecutionContext();
  const t0 = performance.now();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } }) as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  await waitOnExecutionContext(ctx);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it("the maintenance due list over 10,000 machines with a year of roll-ups, beside the machines' own list", async () => {
  const t = await makeTenant();
  const today = todayInZone("Asia/Shanghai");
  const s0 = performance.now();
  await seedFleet(t.tenantId, today);
  const plans = await seedPlans(t.tenantId, today);
  await seedServices(t.tenantId, plans[0]!, today);
  const seedMs = performance.now() - s0;

  const f0 = performance.now();
  await recomputeSchedules(db(), t.tenantId, today, { planIds: plans });
  const firstMs = performance.now() - f0;
  const daily: number[] = [];
  for (let i = 0; i < 3; i++) {
    const d0 = performance.now();
    await recomputeSchedules(db(), t.tenantId, today);
    daily.push(performance.now() - d0);
  }
  const counts = (await env.DB.prepare("select due_state, count(*) n from maintenance_schedules where tenant_id = ? group by due_state order by due_state").bind(t.tenantId).all<{ due_state: number; n: number }>()).results;

  const cookie = await signIn(t.account, t.password);
  const paths = ["/deviceList", "/maintenancePlan", "/maintenancePlan?dueState=2", "/maintenancePlan?page=200", `/maintenancePlan?q=${encodeURIComponent("沪M0999")}`];
  const samples = paths.map(() => [] as number[]);
  // the paths take turns, so a slower stretch of the machine weighs on the baseline and the due list alike
  for (let i = 0; i < WARM + N; i++)
    for (const [k, path] of paths.entries()) {
      const ms = await timed(path, cookie);
      if (i >= WARM) samples[k]!.push(ms);
    }
  const [base, ...due] = samples.map(median);

  line(`Maintenance due list (app/modules/maintenance): ${MACHINES.toLocaleString("en")} machines, ${(MACHINES * DAYS).toLocaleString("en")} daily roll-ups, ${counts.reduce((n, c) => n + c.n, 0).toLocaleString("en")} schedules (normal ${counts.find((c) => c.due_state === 0)?.n ?? 0}, soon ${counts.find((c) => c.due_state === 1)?.n ?? 0}, overdue ${counts.find((c) => c.due_state === 2)?.n ?? 0}); set-up ${(seedMs / 1000).toFixed(0)} s`);
  line(`  ${"path".padEnd(32)} ${"p50 ms".padStart(8)}  vs the machines' list`);
  line(`  ${"/deviceList (baseline)".padEnd(32)} ${base!.toFixed(1).padStart(8)}`);
  due.forEach((p50, i) => line(`  ${paths[i + 1]!.slice(0, 32).padEnd(32)} ${p50.toFixed(1).padStart(8)}  ${(p50 / base!).toFixed(2)} ×  ${p50 < 100 ? "ok" : "OVER"} (goal p50 < 100 ms)`));
  line(`  the first recompute (makes the ${counts.reduce((n, c) => n + c.n, 0).toLocaleString("en")} schedules)  ${firstMs.toFixed(0).padStart(6)} ms`);
  line(`  the daily recompute, every machine  ${median(daily).toFixed(0).padStart(6)} ms  (median of 3: ${daily.map((x) => x.toFixed(0)).join(", ")})`);
});
