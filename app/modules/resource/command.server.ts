/**
 * The one door for a user's act that writes outside the generic save and the state engine (an adjustment, a reset
 * password, a terminal installed, a setting saved): its writes, the guards of its conditional writes and its audit
 * record go to the database as one batch (one transaction), so an act is never stored without its record, nor its
 * record without the act. db/stray-writes.test.ts refuses an `await db.insert/update/delete` outside such a batch.
 */
import { sql, type SQL } from "drizzle-orm";
import { auditLogs } from "../../../db/schema";
import { batch } from "../../../db/client";
import { expectChanges, isGuardFailure } from "../../../db/guard";
import { withTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";

/** What the audit record says: the entity (a resource's name), the act, the row, and what it was and became. */
export interface AuditOf {
  entity: string;
  action: string;
  /** the row's id; SQL for a row the same batch makes (`(select max(id) from … where …)`) */
  id: number | string | SQL;
  before?: Record<string, unknown> | null;
  /** what it became; SQL (`json_object(…)`) when it names what the same batch makes */
  after?: Record<string, unknown> | SQL | null;
}

/** An audit record of an act, to join that act's batch. */
export const auditRecord = (scope: RequestScope, a: AuditOf) =>
  scope.db.insert(auditLogs).values(
    withTenant(scope, {
      userId: scope.user.id,
      action: a.action,
      entity: a.entity,
      entityId: typeof a.id === "number" ? String(a.id) : typeof a.id === "string" ? a.id : sql`cast(${a.id} as text)`,
      before: a.before ?? null,
      after: a.after ?? null,
    }),
  );

type Write = PromiseLike<unknown>;
/** A write, or `{ expect: n }` after a conditional write: the act stops whole unless that write changed exactly n rows. */
export type CommandStep = Write | { expect: number };

export type CommandResult = { ok: true; results: unknown[] } | { ok: false; stale: true };

/**
 * Runs an act: its steps in order, then its audit record, in one batch. `stale` when a guarded write found its row
 * changed meanwhile (another user saved first, a state moved on): then nothing of the act is stored.
 */
export async function runCommand(scope: RequestScope, steps: CommandStep[], audit: AuditOf): Promise<CommandResult> {
  const queries: Write[] = steps.map((s) => ("expect" in s && typeof s.expect === "number" ? expectChanges(scope.db, s.expect) : (s as Write)));
  try {
    // the record last: what it names by SQL (a row the act makes) exists by then
    const all: [Write, ...Write[]] = [...queries, auditRecord(scope, audit)] as Write[] as [Write, ...Write[]];
    const results: unknown[] = await batch(scope.db, all);
    return { ok: true, results: results.slice(0, steps.length) };
  } catch (error) {
    if (isGuardFailure(error)) return { ok: false, stale: true };
    throw error;
  }
}
