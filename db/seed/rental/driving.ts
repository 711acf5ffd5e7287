// 驾驶行为分析's demo events (issue 41): the driving alarms the hub's rules would have raised on the demo fleet's
// working days of the last 90 days of roll-ups (overspeed, fatigue, idling too long, and one collision a terminal
// reported), as stable pseudo-random picks per machine and day; most old ones handled, one overspeed marked 误报 (a
// misreport, which the report does not count). Runs after the bills part that wrote the days; seeds once, when the
// tenant has none of these alarms yet.
import { and, count, desc, gt, gte, like, sql } from "drizzle-orm";
import { alarms, tenants, vehicleDaily } from "../../schema";
import { ofTenant } from "../../tenant";
import { addDays } from "../../../app/lib/calendar";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { writeJsonRows } from "../../../app/modules/billing/bill-run.server";
import type { RentalSeedPart } from "./index";

const DAYS = 90;
const KEY = "seed-driving-";

/** A stable pseudo-random number in [0, 1) for a machine, a day and a purpose. */
function noise(vehicleId: number, day: string, salt: number): number {
  let h = (vehicleId * 2_654_435_761 + salt * 97) >>> 0;
  for (const ch of day) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const hhmm = (r: number, from: number, hours: number) => {
  const minutes = Math.floor(from * 60 + r * hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

export const seedDriving: RentalSeedPart = async (db, ctx) => {
  const [have] = await db
    .select({ n: count() })
    .from(alarms)
    .where(and(ofTenant(alarms, ctx.tenantId), like(alarms.hubKey, `${KEY}%`)));
  if (have!.n > 0) return null;
  const [tenant] = await db
    .select({ timeZone: tenants.timeZone })
    .from(tenants)
    .where(sql`${tenants.id} = ${ctx.tenantId}`);
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const [newest] = await db.select({ day: vehicleDaily.day }).from(vehicleDaily).where(ofTenant(vehicleDaily, ctx.tenantId)).orderBy(desc(vehicleDaily.day)).limit(1);
  if (!newest) return null;
  const days = await db
    .select({ vehicleId: vehicleDaily.vehicleId, day: vehicleDaily.day, km: vehicleDaily.mileageKm })
    .from(vehicleDaily)
    .where(and(ofTenant(vehicleDaily, ctx.tenantId), gte(vehicleDaily.day, addDays(newest.day, -(DAYS - 1))), gt(vehicleDaily.mileageKm, 0)))
    .orderBy(vehicleDaily.vehicleId, vehicleDaily.day);
  const handledBefore = addDays(newest.day, -14);
  const rows: unknown[][] = [];
  const add = (vehicleId: number, day: string, kind: string, level: number, time: string, detail: Record<string, unknown>) => {
    const at = parseZonedTime(`${day}T${time}`, timeZone);
    // older events were looked at: handled, bar one overspeed marked as a misreport
    const handle = day < handledBefore ? 1 : 0;
    rows.push([
      ctx.tenantId,
      vehicleId,
      `${KEY}${kind}-${vehicleId}-${day}`,
      kind,
      level,
      at,
      JSON.stringify(typeof detail.since === "number" ? { ...detail, since: at - (detail.since as number) } : detail),
      handle,
      handle ? at + 3 * 3_600_000 : null,
    ]);
  };
  for (const d of days) {
    // overspeed on about one working day in twenty: 62 to 78 km/h against 60, for 1 to 4 minutes
    if (noise(d.vehicleId, d.day, 1) < 0.05)
      add(d.vehicleId, d.day, "overspeed", 2, hhmm(noise(d.vehicleId, d.day, 2), 8, 9), {
        limitKmh: 60,
        speed: Math.round((62 + noise(d.vehicleId, d.day, 3) * 16) * 10) / 10,
        since: Math.round((1 + noise(d.vehicleId, d.day, 4) * 3) * 60_000),
      });
    // fatigue on about one in eighty: four hours and more without a break
    if (noise(d.vehicleId, d.day, 5) < 0.0125)
      add(d.vehicleId, d.day, "fatigue", 2, hhmm(noise(d.vehicleId, d.day, 6), 13, 4), { drivenMinutes: 240 + Math.floor(noise(d.vehicleId, d.day, 7) * 50), since: 240 * 60_000 });
    // idling too long on about one in thirty: 30 to 70 minutes
    if (noise(d.vehicleId, d.day, 8) < 0.033)
      add(d.vehicleId, d.day, "idle", 3, hhmm(noise(d.vehicleId, d.day, 9), 7, 10), { minutes: 30 + Math.floor(noise(d.vehicleId, d.day, 10) * 40), since: 30 * 60_000 });
  }
  // a terminal's collision flag on the busiest machine, a week before the newest roll-up
  const busiest = [...days].sort((a, b) => b.km - a.km)[0];
  const collisionDay = busiest ? days.filter((d) => d.vehicleId === busiest.vehicleId && d.day <= addDays(newest.day, -7)).at(-1)?.day : undefined;
  if (busiest && collisionDay) add(busiest.vehicleId, collisionDay, "terminal", 1, "10:24", { flag: "collision" });
  // one overspeed looked at and found a misreport (a GPS jump): it costs nothing
  const misreport = rows.find((r) => r[3] === "overspeed" && r[7] === 1);
  if (misreport) misreport[7] = 2;
  const insert = `insert or ignore into alarms (tenant_id, vehicle_id, hub_key, kind, level, at, detail, handle_state, handled_at, handle_note, handler_id, version, created_at)
    select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8,
      case j.value ->> 7 when 2 then 'GPS漂移误报' when 1 then '已提醒司机' end, case when j.value ->> 7 > 0 then ${ctx.adminId} end, 1, ${Date.now()} from json_each(?) j`;
  await writeJsonRows(db, [[insert, rows]]);
  return `seeded ${rows.length} driving alarms (驾驶行为分析)`;
};
