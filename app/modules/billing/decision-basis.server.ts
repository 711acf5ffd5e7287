/**
 * The evidence behind each accepted proposal that changed a bill's money, as sentences for its PDF and the statement's
 * (Rental III §2): the idle and stop-rent days (as runs of dates), the fault alarms with their start, end and the hours
 * counted (08:00–22:00 only, the night window named), the engine hours against the allowance, the days of use outside
 * the contract, an on- or off-rent day from the site fence.
 */
import { eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { Language } from "~/i18n/index";
import { resources } from "~/i18n/resources";
import { addDays } from "~/lib/calendar";
import { formatCents, percentOfBp } from "~/lib/cents";
import { formatInZone } from "~/lib/tenant-clock";
import { daysToMs } from "~/lib/tenant-days";
import type { Db } from "../../../db/client";
import { alarms } from "../../../db/schema";
import { idlePeriods } from "./idle-period-store.server";
import { PROPOSAL_STATE } from "../../../db/states";
import { tenantWhere } from "../../../db/tenant";
import { faultMinutesByDay } from "./evidence";
import { repairDowntimeRead } from "~/modules/repairs/downtime.server";
import { repairOrders } from "~/modules/repairs/tables.server";

type BasisProposal = { lineId: number; kind: string; state: number; days: readonly string[]; hours: number | null; day: string | null; basis: Record<string, unknown> | null };
export interface FaultAlarm {
  vehicleId: number;
  from: number;
  to: number;
  /** the repair order whose downtime this is (设备维修); none for a fault alarm */
  repair?: string;
}
/** An approved idle declaration as a bill priced it: on which line, its number, the days billed, its rate and why. */
export interface DeclaredSpan {
  lineId: number;
  number: string;
  dates: readonly string[];
  rateBp: number;
  reason: string;
}

/** The declared idle periods a bill's items were priced by (their `basis.declared`), with each declaration's reason. */
export async function declaredSpans(db: Db, tenantId: number, items: readonly { lineId: number | null; basis: Record<string, unknown> | null }[]): Promise<DeclaredSpan[]> {
  const cited = items.filter((i) => i.lineId !== null && typeof i.basis?.declared === "string");
  if (!cited.length) return [];
  const numbers = [...new Set(cited.map((i) => String(i.basis!.declared)))];
  const rows = await db.select({ number: idlePeriods.number, reason: idlePeriods.reason }).from(idlePeriods).where(tenantWhere(idlePeriods, tenantId, inArray(idlePeriods.number, numbers)));
  return cited.map((i) => ({
    lineId: i.lineId!,
    number: String(i.basis!.declared),
    dates: Array.isArray(i.basis!.dates) ? (i.basis!.dates as string[]) : [],
    // the item takes off the share not charged
    rateBp: 10_000 - Number(i.basis!.shareBp ?? 10_000),
    reason: rows.find((r) => r.number === i.basis!.declared)?.reason ?? "",
  }));
}

/** A fault alarm's span, without whose machine it was (the statement's page names no internal row). */
export type FaultSpan = Pick<FaultAlarm, "from" | "to" | "repair">;

/**
 * The fault alarms of the machines over the period (a fault lasts to its handling; one still open, to the period's end),
 * then the downtime of their repair orders that takes rent off (to the machine running again), each naming its order.
 */
export async function faultAlarmsOf(db: Db, tenantId: number, vehicleIds: readonly number[], period: { from: string; to: string }, timeZone: string): Promise<FaultAlarm[]> {
  if (!vehicleIds.length) return [];
  const [fromMs, toMs] = daysToMs(period.from, period.to, timeZone);
  const rows = await db
    .select({ vehicleId: alarms.vehicleId, at: alarms.at, handledAt: alarms.handledAt })
    .from(alarms)
    .where(tenantWhere(alarms, tenantId, eq(alarms.kind, "fault"), inArray(alarms.vehicleId, [...vehicleIds]), lt(alarms.at, toMs), or(isNull(alarms.handledAt), gt(alarms.handledAt, fromMs))))
    .orderBy(alarms.at)
    .limit(200);
  const repairs = await repairDowntimeRead(db, tenantId, [...vehicleIds], fromMs, toMs).orderBy(repairOrders.downFrom).limit(200);
  return [
    ...rows.map((r) => ({ vehicleId: r.vehicleId, from: Math.max(r.at, fromMs), to: Math.min(r.handledAt ?? toMs, toMs) })),
    ...repairs.map((r) => ({ vehicleId: r.vehicleId, from: Math.max(r.downFrom, fromMs), to: Math.min(r.downTo ?? toMs, toMs), repair: r.number })),
  ].filter((a) => a.to > a.from);
}

/** Consecutive days as runs: 10-30 … 11-08, 11-12. */
function runsOf(days: readonly string[], zh: boolean): string {
  const sorted = [...days].sort();
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && addDays(sorted[j]!, 1) === sorted[j + 1]) j++;
    runs.push(i === j ? sorted[i]! : `${sorted[i]} ${zh ? "至" : "to"} ${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(zh ? "、" : ", ");
}

/** A text's {{placeholders}} filled from `params` (an unknown one left empty), for the server's printed sentences. */
export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ""));

/**
 * The sentences, one per accepted proposal that priced something (its machine named by `lineLabel`), in `lang`.
 * `faultsOf` gives a line's machine's fault alarms, listed with the hours each counted.
 */
export function decisionBasis(o: { proposals: readonly BasisProposal[]; lineLabel: (lineId: number) => string; faultsOf: (lineId: number) => readonly FaultSpan[]; timeZone: string; lang: Language; declared?: readonly DeclaredSpan[] }): string[] {
  const t = resources[o.lang].bills.decisionBasis;
  const zh = o.lang === "zh-CN";
  const when = (ms: number) => formatInZone(ms, o.timeZone, o.lang, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const out: string[] = [];
  for (const p of o.proposals.filter((x) => x.state === PROPOSAL_STATE.accepted)) {
    const machine = o.lineLabel(p.lineId);
    const basis = p.basis ?? {};
    if (p.kind === "idle" || p.kind === "stopRent" || p.kind === "outside") {
      out.push(fill(t[p.kind], { machine, days: p.days.length, dates: runsOf(p.days, zh) }));
    } else if (p.kind === "fault") {
      const alarms = o
        .faultsOf(p.lineId)
        .map((a) => {
          const counted = [...faultMinutesByDay([a], o.timeZone).values()].reduce((s, m) => s + m, 0);
          return fill(a.repair ? t.faultRepair : t.faultAlarm, { from: when(a.from), to: when(a.to), hours: (Math.round((counted * 100) / 60) / 100).toFixed(2), repair: a.repair ?? "" });
        });
      out.push(fill(t.fault, { machine, hours: (p.hours ?? 0).toFixed(2), alarms: alarms.join(zh ? "；" : "; ") || "—" }));
    } else if (p.kind === "overtime") {
      out.push(fill(t.overtime, { machine, hours: (p.hours ?? 0).toFixed(2), allowance: String(basis.allowanceHours ?? "") }));
    } else if (p.kind === "onRent" || p.kind === "offRent") {
      out.push(fill(t[p.kind], { machine, day: p.day ?? "" }));
    } else if (p.kind === "late") {
      const of = resources[o.lang].bills.proposalKinds[String(basis.of) as "late"] ?? String(basis.of ?? "");
      out.push(fill(t.late, { machine, bill: String(basis.forBill ?? ""), of, amount: formatCents(Number(basis.amountCents ?? 0)) }));
    }
  }
  for (const d of o.declared ?? []) out.push(fill(t.declared, { machine: o.lineLabel(d.lineId), number: d.number, dates: runsOf(d.dates, zh), days: d.dates.length, rate: `${percentOfBp(d.rateBp)}%`, reason: d.reason }));
  return out;
}
