/**
 * Is a machine free? The one check of double bookings: the contract document refuses a save with a clash (naming the
 * clashing contract), and the availability board (/quickSchedule) reads the same answer before it books a free slot.
 *
 * A line holds its vehicle from its on-rent day to its off-rent day, else its contract's planned end, else open-ended;
 * the days are the tenant's `YYYY-MM-DD` text, so comparing them as text is comparing days. Only live contracts hold a
 * machine: states 0–3 (draft, in approval, approved, executing), their current revision, of another root than the
 * contract being saved (an amendment never clashes with the revision it replaces). The check sees the whole tenant,
 * not the user's data scope: a machine booked by another branch is still booked.
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { contractLines, contracts } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { ofTenant, sameTenant, type TenantRef } from "../../../db/tenant";
import { CONTRACT_STATE } from "./contracts.resource";

/** The contract states that hold a machine (draft, in approval, approved, executing). */
export const LIVE_CONTRACT_STATES = [CONTRACT_STATE.draft, CONTRACT_STATE.inApproval, CONTRACT_STATE.approved, CONTRACT_STATE.executing] as const;

/** The last day a line holds its machine: its off-rent day, else its contract's planned end (null: open-ended). */
export const LINE_END = sql<string | null>`coalesce(${contractLines.offRentOn}, ${contracts.plannedEndOn})`;

/** A line that wants a vehicle for some days (`to` null: open-ended). */
export interface WantedLine {
  vehicleId: number | null;
  from: string;
  to: string | null;
}

/** A clash: the wanted line (its index), and the live line that already holds the vehicle. */
export interface LineClash {
  /** index of the wanted line in the list given */
  index: number;
  vehicleId: number;
  contractId: number;
  /** the clashing contract's number (HT-202611-0001) */
  number: string;
  name: string;
  from: string;
  to: string | null;
}

/** Whether two day spans overlap (both ends inclusive; a null end is open). */
export function spansOverlap(a: { from: string; to: string | null }, b: { from: string; to: string | null }): boolean {
  return (a.to === null || b.from <= a.to) && (b.to === null || a.from <= b.to);
}

/**
 * The live lines of other contracts that hold a wanted vehicle on overlapping days, one read. `rootId` is the root of
 * the contract being saved (its own id for a first revision; none for a new one): its revisions are not clashes.
 * Two wanted lines on the same vehicle and overlapping days clash with each other too (contractId 0, number "").
 */
export async function lineClashes(db: Db, tenant: TenantRef, lines: readonly WantedLine[], rootId: number | null = null): Promise<LineClash[]> {
  const wanted = lines.map((l, index) => ({ ...l, index })).filter((l): l is WantedLine & { index: number; vehicleId: number } => l.vehicleId !== null);
  if (!wanted.length) return [];
  const clashes: LineClash[] = [];
  for (const a of wanted) {
    const b = wanted.find((x) => x.index < a.index && x.vehicleId === a.vehicleId && spansOverlap(x, a));
    if (b) clashes.push({ index: a.index, vehicleId: a.vehicleId, contractId: 0, number: "", name: "", from: b.from, to: b.to });
  }
  const earliest = wanted.reduce((m, l) => (l.from < m ? l.from : m), wanted[0]!.from);
  const lineEnd = LINE_END;
  const conditions: (SQL | undefined)[] = [
    ofTenant(contractLines, tenant),
    inArray(contractLines.vehicleId, [...new Set(wanted.map((l) => l.vehicleId))]),
    or(isNull(lineEnd), sql`${lineEnd} >= ${earliest}`),
    eq(contracts.current, 1),
    inArray(contracts.state, [...LIVE_CONTRACT_STATES]),
    rootId === null ? undefined : ne(sql`coalesce(${contracts.rootId}, ${contracts.id})`, rootId),
  ];
  const latest = wanted.some((l) => l.to === null) ? null : wanted.reduce((m, l) => (l.to! > m ? l.to! : m), wanted[0]!.to!);
  if (latest !== null) conditions.push(lte(contractLines.onRentOn, latest));
  const held = await db
    .select({ vehicleId: sql<number>`${contractLines.vehicleId}`, contractId: contracts.id, number: contracts.number, name: contracts.name, from: contractLines.onRentOn, to: lineEnd })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .where(and(...conditions))
    .orderBy(asc(contractLines.onRentOn), asc(contracts.id));
  for (const a of wanted) {
    const h = held.find((x) => x.vehicleId === a.vehicleId && spansOverlap(x, a));
    if (h) clashes.push({ index: a.index, ...h });
  }
  return clashes.sort((x, y) => x.index - y.index);
}
