/**
 * Document numbers: per tenant and document kind, a prefix, the period in the tenant's time zone and a gap-free
 * sequence, e.g. HT-202611-0001. A number is taken inside the save's own batch: `bump` raises the counter and `value`
 * reads it back as a column value of the insert or update placed after it. A D1 batch is one transaction (libSQL's
 * too), so concurrent saves are serialised on the counter row, and a save that fails gives its number back.
 * How to number a new kind: docs/numbering.md.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { batch, type Db } from "../../../db/client";
import { documentNumbers } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { todayIn } from "../../lib/calendar";

/** How a document kind is numbered: `kind` keys its counter, `prefix` opens its numbers, `period` (default month) restarts it. */
export interface NumberingKind {
  kind: string;
  prefix: string;
  period?: "month" | "day" | "year";
}

const PERIOD_LENGTH = { year: 4, month: 6, day: 8 } as const;
const SEQUENCE_DIGITS = 4;

/** The period a moment falls in, in the tenant's zone: "2026" (year), "202611" (month), "20261130" (day). */
export function numberPeriod(period: NumberingKind["period"], at: number, timeZone: string): string {
  return todayIn(timeZone, new Date(at)).replaceAll("-", "").slice(0, PERIOD_LENGTH[period ?? "month"]);
}

/** A number as shown: prefix, period and the sequence padded to four digits (a 10,000th gets five). */
export const formatNumber = (prefix: string, period: string, n: number) => `${prefix}-${period}-${String(n).padStart(SEQUENCE_DIGITS, "0")}`;

const counterOf = (tenantId: number, kind: string, period: string) =>
  and(ofTenant(documentNumbers, tenantId), eq(documentNumbers.kind, kind), eq(documentNumbers.period, period));

/**
 * Takes the next number of a kind for a save. Put `bump` in the save's batch before the write that stores `value`
 * (an SQL subquery: use it as a column's value); both must be in the same `batch(db, [...])`, or the number is not
 * safe. A save whose batch fails takes no number.
 */
export function takeNumber(db: Db, tenantId: number, kind: NumberingKind, at: number, timeZone: string) {
  const period = numberPeriod(kind.period, at, timeZone);
  const bump = db
    .insert(documentNumbers)
    .values(withTenant(tenantId, { kind: kind.kind, period, n: 1 }))
    .onConflictDoUpdate({ target: [documentNumbers.tenantId, documentNumbers.kind, documentNumbers.period], set: { n: sql`${documentNumbers.n} + 1` } });
  const value: SQL = sql`(select ${`${kind.prefix}-${period}-`} || printf(${sql.raw(`'%0${SEQUENCE_DIGITS}d'`)}, ${documentNumbers.n}) from ${documentNumbers} where ${counterOf(tenantId, kind.kind, period)})`;
  return { bump, value };
}

/** The number the next save of this kind would take, to show on a form; it is not reserved. */
export async function previewNumber(db: Db, tenantId: number, kind: NumberingKind, at: number, timeZone: string): Promise<string> {
  const period = numberPeriod(kind.period, at, timeZone);
  const [row] = await db.select({ n: documentNumbers.n }).from(documentNumbers).where(counterOf(tenantId, kind.kind, period));
  return formatNumber(kind.prefix, period, (row?.n ?? 0) + 1);
}

/**
 * A numbered insert on its own: builds the write from the number's SQL value and runs the counter and the write in
 * one batch; answers the write's result (use `.returning()` to read the number back). A save that writes more rows
 * puts `takeNumber`'s two parts into its own batch instead.
 */
export async function numberedInsert<T extends PromiseLike<unknown>>(
  db: Db,
  tenantId: number,
  kind: NumberingKind,
  at: number,
  timeZone: string,
  write: (value: SQL) => T,
): Promise<Awaited<T>> {
  const { bump, value } = takeNumber(db, tenantId, kind, at, timeZone);
  const [, written] = await batch(db, [bump, write(value)]);
  return written as Awaited<T>;
}
