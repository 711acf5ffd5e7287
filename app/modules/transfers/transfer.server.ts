/**
 * 设备调拨's server half: its two tables, the resource (list, save with lines, audit), the approval kind and the
 * machine. Everything else (the page, the lines table, the form's schema, the Excel, the history, the row buttons)
 * is the house's, from transfer.resource.ts.
 */
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { organisations, users, vehicles } from "../../../db/schema";
import { day, documentStamps, money } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { parseDay } from "~/lib/calendar";
import { formatCents } from "~/lib/cents";
import { documentHref } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { TRANSFER_APPROVAL_STATES, TRANSFER_APPROVE_CODE, TRANSFER_EDITABLE, TRANSFER_STATE, transferForm, transferStates, transferView, type TransferStateRow } from "./transfer.resource";

export const equipmentTransfers = sqliteTable(
  "equipment_transfers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    fromOrgId: integer("from_org_id").references(() => organisations.id),
    toOrgId: integer("to_org_id").references(() => organisations.id),
    fromSite: text("from_site"),
    toSite: text("to_site").notNull(),
    transferOn: day("transfer_on").notNull(),
    carrier: text("carrier"),
    reason: text("reason"),
    attachments: text("attachments"),
    /** TRANSFER_STATE: 0 draft, 1 in approval, 2 approved, 3 refused */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("equipment_transfers_tenant_number_uq").on(t.tenantId, t.number), index("equipment_transfers_tenant_created_idx").on(t.tenantId, t.createdAt)]
);

/** One machine of a transfer; its columns are named as the declaration's line fields. */
export const equipmentTransferLines = sqliteTable(
  "equipment_transfer_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    transferId: integer("transfer_id")
      .notNull()
      .references(() => equipmentTransfers.id),
    position: integer("position").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** tenths of an hour (the field keeps one decimal) */
    engineHours: integer("engine_hours"),
    freight: money("freight_cents"),
    remark: text("remark"),
  },
  (t) => [index("equipment_transfer_lines_transfer_idx").on(t.tenantId, t.transferId, t.position)]
);

/**
 * A user whose data scope is an organisation sees the transfers out of it or into it (its subtree); a transfer that
 * names no organisation at all is the tenant's and everyone's.
 */
function inScope(scope: RequestScope) {
  const from = visibleOrgRowWhere(scope, equipmentTransfers.fromOrgId);
  const to = visibleOrgRowWhere(scope, equipmentTransfers.toOrgId);
  if (!from || !to) return undefined;
  const { fromOrgId, toOrgId } = equipmentTransfers;
  return or(and(isNotNull(fromOrgId), from), and(isNotNull(toOrgId), to), and(isNull(fromOrgId), isNull(toOrgId)));
}

/** A draft, or one sent back, may still be edited: the page's mode and every save's check. */
function editable(row: Record<string, unknown>): boolean {
  return TRANSFER_EDITABLE.includes(Number(row.state));
}

/** DB-202612-0001: per tenant and month. */
export const TRANSFER_NUMBERING = { field: "number", kind: "equipmentTransfer", prefix: "DB" } as const;

const LINES = {
  lines: {
    table: equipmentTransferLines,
    parent: equipmentTransferLines.transferId,
    position: equipmentTransferLines.position,
  },
};

const lineOf = sql`${equipmentTransferLines.transferId} = ${equipmentTransfers.id} and ${tenantOfOuter(equipmentTransferLines, equipmentTransfers)}`;
const orgName = (column: SQLiteColumn) =>
  sql<string | null>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${column} and ${tenantOfOuter(organisations, equipmentTransfers)})`;

export const transferResource = defineResource({
  view: transferView,
  table: equipmentTransfers,
  number: TRANSFER_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: equipmentTransfers.id,
        version: equipmentTransfers.version,
        number: equipmentTransfers.number,
        state: equipmentTransfers.state,
        transferOn: equipmentTransfers.transferOn,
        fromOrgName: orgName(equipmentTransfers.fromOrgId).as("from_org_name"),
        toOrgName: orgName(equipmentTransfers.toOrgId).as("to_org_name"),
        toSite: equipmentTransfers.toSite,
        machines: sql<number>`(select count(*) from ${equipmentTransferLines} where ${lineOf})`.as("machines"),
        plates: sql<string | null>`(select group_concat(${vehicles.plate}, '、') from ${equipmentTransferLines} join ${vehicles} on ${vehicles.id} = ${
          equipmentTransferLines.vehicleId
        } and ${sameTenant(vehicles, equipmentTransferLines)} where ${lineOf})`.as("plates"),
        freightCents: sql<number | null>`(select sum(${equipmentTransferLines.freight}) from ${equipmentTransferLines} where ${lineOf})`.as("freight_cents"),
        creatorId: equipmentTransfers.creatorId,
        creatorName: users.userName,
        createdAt: equipmentTransfers.createdAt,
      })
      .from(equipmentTransfers)
      .leftJoin(users, and(eq(users.id, equipmentTransfers.creatorId), sameTenant(users, equipmentTransfers)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map(({ freightCents, ...r }) => ({
      ...r,
      state: String(r.state),
      freight: formatCents(freightCents),
    })),
  filters: {
    q: (v) =>
      or(
        containing(equipmentTransfers.number, v),
        containing(equipmentTransfers.toSite, v),
        containing(equipmentTransfers.fromSite, v),
        sql`exists (select 1 from ${equipmentTransferLines} join ${vehicles} on ${vehicles.id} = ${equipmentTransferLines.vehicleId} and ${sameTenant(
          vehicles,
          equipmentTransferLines
        )} where ${lineOf} and ${containing(vehicles.plate, v)})`
      ),
    state: (v) => (/^[0-3]$/.test(v) ? eq(equipmentTransfers.state, Number(v)) : undefined),
    day: (v) => (parseDay(v) ? eq(equipmentTransfers.transferOn, v) : undefined),
  },
  sortColumns: {
    number: equipmentTransfers.number,
    state: equipmentTransfers.state,
    transferOn: equipmentTransfers.transferOn,
    createdAt: equipmentTransfers.createdAt,
  },
  defaultOrder: [desc(equipmentTransfers.createdAt), desc(equipmentTransfers.id)],
  createSchema: schemaOfFields(transferForm),
  updateSchema: schemaOfFields(transferForm),
  check: documentChecks(transferView, { options: transferOptions, editable }),
  // a draft gets its number now; the lines are written with the head (documentLinesWrites)
  toInsert: ({ lines: _lines, ...head }, scope) => ({
    ...head,
    number: "",
    state: TRANSFER_STATE.draft,
    creatorId: scope.user.id,
  }),
  toUpdate: ({ lines: _lines, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // a transfer on its way keeps its record: only drafts are deleted, with their lines
  beforeDelete: async (scope, ids) => {
    const moved = await scope.db
      .select({ id: equipmentTransfers.id })
      .from(equipmentTransfers)
      .where(tenantWhere(equipmentTransfers, scope, inArray(equipmentTransfers.id, ids), sql`${equipmentTransfers.state} <> ${TRANSFER_STATE.draft}`))
      .limit(1);
    if (moved.length) return { refuse: "resource:document.notEditable" };
    return {
      dependents: [scope.db.delete(equipmentTransferLines).where(tenantWhere(equipmentTransferLines, scope, inArray(equipmentTransferLines.transferId, ids)))],
    };
  },
  auditView: (row) => row,
  scopeWhere: inScope,
  fileColumns: [equipmentTransfers.attachments],
});

/** The choices of its reference fields: the organisations the user may assign, the machines they may see. */
export async function transferOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [orgs, machines] = await Promise.all([
    assignableOrgOptions(scope),
    machineChoices(scope),
  ]);
  return { fromOrgId: orgs, toOrgId: orgs, vehicleId: machines };
}

/** Transfers as a kind of approved document: the to-do and 审批流程 list it. */
export const transferApprovalKind: ApprovalKind = {
  kind: "equipmentTransfer",
  title: "screens:/equipmentTransfer",
  href: (id) => documentHref(transferView.path, id),
  approveCode: TRANSFER_APPROVE_CODE,
  states: TRANSFER_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({
          id: equipmentTransfers.id,
          number: equipmentTransfers.number,
          toSite: equipmentTransfers.toSite,
          creatorId: equipmentTransfers.creatorId,
          createdAt: equipmentTransfers.createdAt,
        })
        .from(equipmentTransfers)
        .where(tenantWhere(equipmentTransfers, scope, eq(equipmentTransfers.state, TRANSFER_STATE.inApproval), inScope(scope)))
        .orderBy(desc(equipmentTransfers.createdAt), desc(equipmentTransfers.id))
        .limit(limit),
      (r) => ({
        id: r.id,
        label: `${r.number} → ${r.toSite}`,
        ownerId: r.creatorId,
        createdAt: r.createdAt,
      })
    ),
};

export const transferMachine: Machine<TransferStateRow> = {
  view: transferStates,
  table: equipmentTransfers,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({
        id: equipmentTransfers.id,
        version: equipmentTransfers.version,
        state: equipmentTransfers.state,
        number: equipmentTransfers.number,
        creatorId: equipmentTransfers.creatorId,
      })
      .from(equipmentTransfers)
      .where(tenantWhere(equipmentTransfers, scope, inArray(equipmentTransfers.id, ids), inScope(scope))),
  label: (r) => r.number,
  plan: approvalPlan<TransferStateRow>(transferApprovalKind),
};

export const transferDocument: DocumentDefinition<TransferStateRow> = {
  resource: transferResource,
  lines: LINES,
  machine: transferMachine,
  approval: transferApprovalKind,
  editable,
  options: transferOptions,
};
