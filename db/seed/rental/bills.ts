// The demo tenant's bills: the machines' working history on their contracts (daily roll-ups of a working week, quiet
// Sundays), a stretch where one crane stood still and a 20-hour fault on it in the last closed month, then the bill
// run itself through yesterday. The bills of periods that ended more than a month ago are confirmed (and, unpaid, are
// overdue of every age); the latest month's wait as drafts with the evidence's proposals for the clerk. Runs after
// the contracts and out-car parts; does nothing when the tenant has bills.
import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import { alarms, billProposals, bills, contractLines, contracts, statementEvents, statements, tenants } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { BILLED_STATES, runBills, writeJsonRows } from "../../../app/modules/billing/bill-run.server";
import { duePeriods } from "../../../app/modules/billing/periods";
import { LINK_DAYS, statementNumberOf } from "../../../app/modules/billing/statement.server";
import type { RentalSeedPart } from "./index";

/** The recent days the demo fleet's own history (scripts/demo-fleet-history.ts) rolls up; the seed leaves them to it. */
const FLEET_HISTORY_DAYS = 10;
/** How far back the working history goes. */
const HISTORY_DAYS = 400;

/** A stable pseudo-random number in [0, 1) for a vehicle and a day. */
function noise(vehicleId: number, day: string): number {
  let h = vehicleId * 2_654_435_761;
  for (const ch of day) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export const seedBills: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(bills).where(eq(bills.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const lines = await db
    .select({ id: contractLines.id, vehicleId: contractLines.vehicleId, onRentOn: contractLines.onRentOn, offRentOn: contractLines.offRentOn, contractId: contractLines.contractId, kind: contracts.kind, startOn: contracts.startOn, state: contracts.state, settlementDay: contracts.settlementDay })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(eq(contractLines.tenantId, ctx.tenantId), eq(contracts.current, 1), inArray(contracts.state, [...BILLED_STATES]), sql`${contractLines.vehicleId} is not null`))
    .orderBy(contractLines.contractId, contractLines.lineNo);
  if (!lines.length) return null;

  // the crane that stood still: the first line of an executing rental contract, four days of its last closed month
  const still = lines.find((l) => l.kind === "rental" && l.state === 3);
  const lastClose = still ? duePeriods({ kind: still.kind, startOn: still.startOn, endedOn: null, settlementDay: still.settlementDay }, addDays(today, -1)).at(-1)?.to : undefined;
  const quiet = new Set(lastClose ? [0, 1, 2, 3].map((n) => addDays(lastClose, -8 - n)) : []);

  const newest = addDays(today, -FLEET_HISTORY_DAYS);
  const rows: unknown[][] = [];
  for (const l of lines) {
    const from = l.onRentOn > addDays(today, -HISTORY_DAYS) ? l.onRentOn : addDays(today, -HISTORY_DAYS);
    const to = l.offRentOn && l.offRentOn < newest ? l.offRentOn : newest;
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const r = noise(l.vehicleId!, d);
      const idle = weekday(d) === 0 || (l.id === still?.id && quiet.has(d));
      const seconds = idle ? 0 : Math.round((5 + r * 4) * 3600);
      const km = idle ? 0 : Math.round((3 + r * 22) * 10) / 10;
      // fuel: 32 to 62 L a 100 km (油耗报表: some machines above their model's high-fuel value)
      // idling (HD报表): 10 to 35 % of the engine time
      const idling = Math.round(seconds * (0.1 + noise(l.vehicleId! + 11, d) * 0.25));
      rows.push([ctx.tenantId, l.vehicleId, d, km, seconds, idle ? 0 : seconds + 1800, Math.round(km * (0.32 + noise(l.vehicleId! + 7, d) * 0.3) * 10) / 10, idling]);
    }
  }
  const insert = `insert or ignore into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, engine_seconds, online_seconds, fuel_used_l, idle_seconds, updated_at)
    select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, ${Date.now()} from json_each(?) j`;
  await writeJsonRows(db, [[insert, rows]]);

  // a 20-hour fault on the still crane, 18:00 to 14:00 the next day (10 hours counted: the nights are not), repaired
  if (still && lastClose) {
    const day = addDays(lastClose, -3);
    const at = parseZonedTime(`${day}T18:00`, timeZone);
    await db
      .insert(alarms)
      .values({ tenantId: ctx.tenantId, vehicleId: still.vehicleId!, hubKey: `seed-fault-${still.id}-${day}`, kind: "fault", level: 1, at, detail: { spn: 110, fmi: 0, count: 1 }, handleState: 1, handleNote: "更换冷却液温度传感器", handlerId: ctx.adminId, handledAt: at + 20 * 3_600_000 })
      .onConflictDoNothing();
  }

  // 油耗报表's fuel events: a fill on the first machine two days before the newest roll-up, a sudden drop (a possible
  // drain) on the second at night five days before
  const [first, second] = [...new Set(lines.map((l) => l.vehicleId!))];
  const fuelAlarms = [
    first ? { vehicleId: first, kind: "refuel", level: 3, at: parseZonedTime(`${addDays(newest, -2)}T07:40`, timeZone), detail: { from: 18.5, to: 92 } } : null,
    second ? { vehicleId: second, kind: "fuel_drop", level: 1, at: parseZonedTime(`${addDays(newest, -5)}T02:15`, timeZone), detail: { from: 76, to: 41.5 } } : null,
  ].filter((a) => a !== null);
  for (const a of fuelAlarms) await db.insert(alarms).values({ tenantId: ctx.tenantId, hubKey: `seed-${a.kind}-${a.vehicleId}`, ...a }).onConflictDoNothing();

  const run = await runBills(db, { tenantId: ctx.tenantId, timeZone, through: addDays(today, -1), userId: null });
  // the demo's bills are all made or the seed says why (a run goes on past a failing contract and only reports it)
  if (run.failed?.length) throw new Error(`the bill run failed on ${run.failed.map((f) => `${f.number}: ${f.error}`).join("; ")}`);
  // what ended over a month ago was checked and confirmed at the time: its proposals decided, the bill fixed
  const old = addDays(today, -31);
  const oldBills = db.select({ id: bills.id }).from(bills).where(and(eq(bills.tenantId, ctx.tenantId), lt(bills.periodTo, old)));
  await db.update(billProposals).set({ state: 2, reason: "与现场核对：按合同计费", decidedBy: ctx.adminId, decidedAt: Date.now() }).where(and(eq(billProposals.tenantId, ctx.tenantId), inArray(billProposals.billId, oldBills)));
  await db
    .update(bills)
    .set({ state: 1, confirmedBy: ctx.adminId, confirmedAt: sql`cast(strftime('%s', ${bills.periodTo}, '+3 days') as integer) * 1000` })
    .where(and(eq(bills.tenantId, ctx.tenantId), lt(bills.periodTo, old)));
  // one statement waiting for the customer: the latest confirmed month of a contract, sent (its link on the clerk's page)
  const [latest] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.tenantId, ctx.tenantId), eq(bills.kind, "regular"), eq(bills.state, 1), sql`${bills.customerId} is not null`))
    .orderBy(sql`${bills.periodTo} desc`, sql`${bills.id} desc`)
    .limit(1);
  if (latest) {
    const [contract] = await db.select({ number: contracts.number }).from(contracts).where(eq(contracts.id, latest.contractId));
    const now = Date.now();
    const [made] = await db
      .insert(statements)
      .values({ tenantId: ctx.tenantId, orgId: latest.orgId, number: statementNumberOf(contract?.number, latest.rootId, latest.periodTo), contractId: latest.contractId, rootId: latest.rootId, customerId: latest.customerId, periodFrom: latest.periodFrom, periodTo: latest.periodTo, amountCents: latest.amountCents, state: 1, linkNonce: crypto.randomUUID(), linkExpiresAt: now + LINK_DAYS * 86_400_000, sentAt: now, creatorId: ctx.adminId })
      .returning({ id: statements.id });
    await db.insert(statementEvents).values([
      { tenantId: ctx.tenantId, statementId: made!.id, kind: "created", at: now - 60_000, userId: ctx.adminId },
      { tenantId: ctx.tenantId, statementId: made!.id, kind: "sent", at: now, userId: ctx.adminId },
    ]);
  }
  return `seeded ${rows.length} days of machine history and ran the bills: ${run.bills} bills on ${run.contracts} contracts${latest ? ", one statement waiting for its customer" : ""}`;
};
