// The demo tenant's out-car records (出车登记): the last two months of trips on the executing 零租 and 台班 lines the
// contracts part made, on working days (a few days without a call), each with the crew, the site, departure and return,
// engine hours and kilometres that run on from the trip before, fuel now and then, the work done and the customer's
// signer. Runs last; with no such line (the contracts part not run) it does nothing.
import { and, count, eq, inArray, isNotNull, or } from "drizzle-orm";
import { contractLines, contracts, outcarRecords, tenants } from "../../schema";
import { addDays, requireDay, weekdayOf } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import type { RentalSeedPart } from "./index";

const OPERATORS = ["王建军", "李长海", "张国栋", "刘德明", "陈志强", "周海波"];
const SIGNERS = ["赵工", "孙经理", "吴主任", "钱工", "郑队长"];
const WORK = ["吊装钢梁 12 根", "吊装预制楼梯及叠合板", "配合钢筋笼下放", "吊装设备基础模板", "卸车并倒运钢构件", "吊装屋面檩条", "配合管廊预制段就位", "吊装空调外机及冷却塔"];

/** A small deterministic generator per line, so a reseeded database tells the same story. */
function generator(seed: number) {
  let s = (seed * 2654435761) % 2 ** 32;
  return () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
}

export const seedOutcars: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(outcarRecords).where(eq(outcarRecords.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  // executing zero-rent contracts, and any line billed by the shift (台班), with a machine on it
  const lines = await db
    .select({ id: contractLines.id, contractId: contracts.id, vehicleId: contractLines.vehicleId, from: contractLines.onRentOn, to: contractLines.offRentOn, orgId: contracts.orgId, site: contracts.siteAddress })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(eq(contractLines.tenantId, ctx.tenantId), eq(contracts.current, 1), eq(contracts.state, 3), isNotNull(contractLines.vehicleId), or(eq(contracts.kind, "spot"), isNotNull(contractLines.shiftCents))));
  if (!lines.length) return null;
  const today = todayInZone(timeZone);
  const since = addDays(today, -60);
  const rows: (typeof outcarRecords.$inferInsert)[] = [];
  for (const line of lines) {
    const random = generator(line.id);
    let hours = 2_000 + Math.round(random() * 3_000);
    let km = 30_000 + Math.round(random() * 40_000);
    const last = line.to && line.to < today ? line.to : addDays(today, -1);
    for (let day = line.from > since ? line.from : since; day <= last; day = addDays(day, 1)) {
      const weekday = weekdayOf(requireDay(day));
      // working days, and not every one of them brings a call
      if (weekday === 0 || weekday === 6 || random() < 0.15) continue;
      const depart = 7 * 60 + Math.round(random() * 6) * 15;
      const worked = 6 + Math.round(random() * 8) / 2;
      const ret = depart + Math.round(worked * 60) + 30;
      const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      const driven = 12 + Math.round(random() * 60);
      const crew = OPERATORS[Math.floor(random() * OPERATORS.length)]!;
      rows.push({
        tenantId: ctx.tenantId,
        orgId: line.orgId,
        contractId: line.contractId,
        lineId: line.id,
        vehicleId: line.vehicleId!,
        tripOn: day,
        operators: random() < 0.3 ? `${crew}、${OPERATORS[(OPERATORS.indexOf(crew) + 1) % OPERATORS.length]}` : crew,
        site: line.site,
        departAt: parseZonedTime(`${day}T${clock(depart)}`, timeZone),
        returnAt: parseZonedTime(`${day}T${clock(ret)}`, timeZone),
        engineHoursStart: hours,
        engineHoursEnd: hours + worked,
        kmStart: km,
        kmEnd: km + driven,
        fuelL: random() < 0.35 ? 60 + Math.round(random() * 60) : null,
        work: WORK[Math.floor(random() * WORK.length)]!,
        signer: SIGNERS[Math.floor(random() * SIGNERS.length)]!,
        creatorId: ctx.adminId,
      });
      hours += worked;
      km += driven;
    }
  }
  // D1 binds at most 100 values a statement: a few rows an insert
  for (let i = 0; i < rows.length; i += 4) await db.insert(outcarRecords).values(rows.slice(i, i + 4));
  const [{ n: trips }] = await db.select({ n: count() }).from(outcarRecords).where(and(eq(outcarRecords.tenantId, ctx.tenantId), inArray(outcarRecords.lineId, lines.map((l) => l.id))));
  return `the out-car records: ${trips} trips over the last two months on ${lines.length} 零租/台班 lines`;
};
