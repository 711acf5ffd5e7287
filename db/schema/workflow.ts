import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { tenants } from "./tenant";

/**
 * One row whose CHECK makes a batch fail: `update batch_guard set ok = (changes() = n)` placed after a write aborts
 * the whole batch (D1 batches are transactions) when that write touched another number of rows than expected
 * (db/guard.ts). A conditional UPDATE that matches nothing is no error in SQLite; this makes it one.
 */
export const batchGuard = sqliteTable("batch_guard", { id: integer("id").primaryKey(), ok: integer("ok").notNull() }, (t) => [check("batch_guard_one", sql`${t.id} = 1`), check("batch_guard_ok", sql`${t.ok} = 1`)]);

/**
 * A tenant's approval flow for one document kind: its steps in order, each a role (anyone holding it) or a named
 * user, each from an amount up when `min_amount_cents` is set (a document worth less skips the step; null: always).
 * No steps: anyone with the kind's approve permission decides in one step.
 */
export const approvalSteps = sqliteTable(
  "approval_steps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    kind: text("kind").notNull(),
    stepNo: integer("step_no").notNull(),
    approverType: text("approver_type", { enum: ["role", "user"] }).notNull(),
    approverId: integer("approver_id").notNull(),
    minAmountCents: integer("min_amount_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("approval_steps_kind_step_uq").on(t.tenantId, t.kind, t.stepNo), check("approval_steps_type", sql`${t.approverType} in ('role', 'user')`)],
);

/**
 * What happened to a document on its way through approval: submitted (a new round), a step approved or refused,
 * recalled, abandoned, aborted. The document's progress is read from these (the current step is the number of
 * approvals in its round plus one); a step is decided once per round (the unique index refuses a second decision).
 */
export const approvalRecords = sqliteTable(
  "approval_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    kind: text("kind").notNull(),
    documentId: integer("document_id").notNull(),
    round: integer("round").notNull(),
    stepNo: integer("step_no"),
    action: text("action", { enum: ["submit", "approve", "refuse", "recall", "abandon", "abort"] }).notNull(),
    actorId: integer("actor_id").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("approval_records_document_idx").on(t.tenantId, t.kind, t.documentId, t.round),
    uniqueIndex("approval_records_decision_uq")
      .on(t.tenantId, t.kind, t.documentId, t.round, t.stepNo)
      .where(sql`action in ('approve', 'refuse')`),
  ],
);
