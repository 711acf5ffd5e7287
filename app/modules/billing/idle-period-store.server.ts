/**
 * 停滞期申报's two tables and what the bills read of them: the approved declarations that meet a period, per contract
 * line. A declaration names the contract line it was made on; the contract may have been amended since (a revision's
 * lines are new rows), so a bill finds it by the contract's root and the line's number (its 序号), which revisions keep.
 * The document itself (list, form, approval) is idle-period.server.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { contractLines, contracts } from "../../../db/schema";
import { day, documentStamps } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { sameTenant, tenantWhere, type TenantRef } from "../../../db/tenant";
import { IDLE_STATE } from "./idle-period.resource";

export const idlePeriods = sqliteTable(
  "idle_periods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    /** the contract (the revision chosen when declared) */
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    fromOn: day("from_on").notNull(),
    toOn: day("to_on").notNull(),
    /** the share of a day's rent charged on an idle day, basis points (7000 = 70 %) */
    rate: integer("rate_bp").notNull(),
    reason: text("reason").notNull(),
    attachments: text("attachments"),
    /** IDLE_STATE: 0 draft, 1 in approval, 2 approved (in force), 3 refused */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("idle_periods_tenant_number_uq").on(t.tenantId, t.number), index("idle_periods_tenant_created_idx").on(t.tenantId, t.createdAt), index("idle_periods_tenant_contract_idx").on(t.tenantId, t.contractId, t.state)],
);

/** One machine (contract line) of a declaration; its columns are named as the declaration's line fields. */
export const idlePeriodLines = sqliteTable(
  "idle_period_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    periodId: integer("period_id")
      .notNull()
      .references(() => idlePeriods.id),
    position: integer("position").notNull(),
    lineId: integer("line_id")
      .notNull()
      .references(() => contractLines.id),
    remark: text("remark"),
  },
  (t) => [index("idle_period_lines_period_idx").on(t.tenantId, t.periodId, t.position), index("idle_period_lines_line_idx").on(t.tenantId, t.lineId)],
);

/** An approved declaration as a bill reads it: on which line (the contract in force's, by its number), which days, at what rate. */
export interface DeclaredIdleRow {
  /** the contract (the revision) the bill is made for, as asked */
  contractId: number;
  lineNo: number;
  number: string;
  rateBp: number;
  fromOn: string;
  toOn: string;
}

const declaredLine = alias(contractLines, "dl");
const declaredContract = alias(contracts, "dc");
const target = alias(contracts, "cf");

/**
 * The approved declarations meeting `from`–`to` on the lines of these contracts (whichever revision each was declared
 * on), in the order they were numbered: where two overlap, the earlier one's days are its own (pricing takes each day once).
 */
export function declaredIdle(db: Db, tenant: TenantRef, contractIds: readonly number[], from: string, to: string) {
  return db
    .select({ contractId: target.id, lineNo: declaredLine.lineNo, number: idlePeriods.number, rateBp: idlePeriods.rate, fromOn: idlePeriods.fromOn, toOn: idlePeriods.toOn })
    .from(idlePeriods)
    .innerJoin(idlePeriodLines, and(eq(idlePeriodLines.periodId, idlePeriods.id), sameTenant(idlePeriodLines, idlePeriods)))
    .innerJoin(declaredLine, and(eq(declaredLine.id, idlePeriodLines.lineId), sameTenant(declaredLine, idlePeriodLines)))
    .innerJoin(declaredContract, and(eq(declaredContract.id, declaredLine.contractId), sameTenant(declaredContract, declaredLine)))
    .innerJoin(target, and(sql`coalesce(${target.rootId}, ${target.id}) = coalesce(${declaredContract.rootId}, ${declaredContract.id})`, sameTenant(target, declaredContract)))
    .where(
      tenantWhere(
        idlePeriods,
        tenant,
        eq(idlePeriods.state, IDLE_STATE.approved),
        inArray(target.id, sql`(select value from json_each(${JSON.stringify(contractIds)}))`),
        sql`${idlePeriods.fromOn} <= ${to}`,
        sql`${idlePeriods.toOn} >= ${from}`,
      ),
    )
    .orderBy(idlePeriods.number, declaredLine.lineNo);
}
