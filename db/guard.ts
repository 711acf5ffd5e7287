import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { batchGuard } from "./schema/workflow";

/**
 * A batch item that fails the whole batch unless the statement just before it changed exactly `n` rows (SQLite's
 * changes() is the count of the last completed INSERT, UPDATE or DELETE). Put it after a conditional write (a state
 * or version check in its WHERE) so that a row changed meanwhile rolls back everything: the other rows, the audit
 * records, the side writes.
 */
export function expectChanges(db: Db, n: number) {
  return db
    .update(batchGuard)
    .set({ ok: sql`(changes() = ${n})` })
    .where(eq(batchGuard.id, 1));
}

/** Whether a failed batch was stopped by {@link expectChanges} (some row was not in the state the batch expected). */
export function isGuardFailure(error: unknown): boolean {
  return errorText(error).includes("batch_guard_ok");
}

/**
 * Whether a failed batch broke a uniqueness rule the database keeps (a concurrent save took the value first): a
 * unique index, a migration 0033 trigger ("one open …", a name unique where no index could be built; they raise the
 * same words) or migration 0012's identifier shared by a terminal number and a device identifier.
 */
export function isUniqueFailure(error: unknown): boolean {
  const text = errorText(error);
  return text.includes("UNIQUE constraint failed") || text.includes("identifier_in_use");
}

/** Whether a failed batch broke the named uniqueness rule: a trigger's rule or an index's columns, as SQLite names them. */
export function brokeRule(error: unknown, rule: string): boolean {
  return isUniqueFailure(error) && errorText(error).includes(rule);
}

const errorText = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error) + String((error as { cause?: { message?: unknown } } | null)?.cause?.message ?? "");
