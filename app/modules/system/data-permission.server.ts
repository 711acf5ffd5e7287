import { data, redirect } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { isBusinessDay } from "~/lib/calendar";
import { cleanLine, cleanNote } from "~/lib/validators";
import { dataPermissions, users, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { containing, createRow, defineResource, fieldErrors, postedIds, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { postedValues } from "~/modules/resource/form.server";
import type { ResourceActionData } from "~/modules/resource/route.server";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { parsePlates, resolvePlates } from "~/modules/telematics/vehicle-choice.server";
import { APPROVE_CODE, DATA_PERMISSION_APPROVAL_STATES, dataPermissionApproval, dataPermissionEnablement, dataPermissionView } from "./data-permission.resource";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import { confirmResponse, runResponse, stateIntents, transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import { endOfDayMs } from "./user.server";
import { todayInZone } from "~/lib/tenant-clock";
import { DISABLED, ENABLED } from "~/modules/workflow/enablement";

const MAX_VEHICLES = 50;

const canApprove = (scope: RequestScope) => scope.access.permissions.has(APPROVE_CODE);
const list = (items: string[]) => `${items.slice(0, 20).join("、")}${items.length > 20 ? "…" : ""}`;


const reason = z.string({ message: "system:dataPermission.reasonRequired" }).overwrite(cleanNote).trim().min(1, "system:dataPermission.reasonRequired").max(200, "system:dataPermission.reasonTooLong");
const periodEnd = z
  .string()
  .optional()
  .transform((v) => cleanLine(v ?? "").trim())
  .refine((v) => v === "" || isBusinessDay(v), "validation.date");

/** A period ends with a day of the tenant's zone (stored as its last millisecond there); a day already past there is refused. */
const periodErrors = (scope: RequestScope, day: string): FieldErrors => (day && day < todayInZone(scope.user.timeZone) ? { periodEnd: "system:dataPermission.periodPast" } : {});

export const DataPermissionCreateSchema = z.object({
  vehicles: z
    .string({ message: "system:dataPermission.vehiclesRequired" })
    .or(z.array(z.string()))
    // one a line from the text field, or one a field when the picker posts them repeated
    .transform((v) => parsePlates(Array.isArray(v) ? v.join("\n") : v))
    .refine((p) => p.length > 0, "system:dataPermission.vehiclesRequired")
    .refine((p) => p.length <= MAX_VEHICLES, "system:dataPermission.tooManyVehicles"),
  reason,
  periodEnd,
});
export const DataPermissionUpdateSchema = z.object({ reason, periodEnd });

/** The vehicle `check` found for an imported row's one plate, handed to `toInsert` (check always runs first). */
const checkedVehicle = new WeakMap<object, number>();

/** Applications are one vehicle each, of vehicles outside the applicant's scope, never twice pending. */
async function checkApplication(scope: RequestScope, plates: string[]): Promise<{ errors: FieldErrors; vehicleIds: number[] }> {
  const resolved = await resolvePlates(scope, plates, "outside");
  const unknown = resolved.refused.filter((p) => !resolved.known?.has(p));
  if (unknown.length) return { errors: { vehicles: `system:dataPermission.unknownVehicles|${list(unknown)}` }, vehicleIds: [] };
  if (resolved.refused.length) return { errors: { vehicles: `system:dataPermission.alreadyVisible|${list(resolved.refused)}` }, vehicleIds: [] };
  const ids = resolved.vehicles.map((v) => v.id);
  const pending = await scope.db
    .select({ vehicleId: dataPermissions.vehicleId })
    .from(dataPermissions)
    .where(and(ofTenant(dataPermissions, scope.user.tenantId), eq(dataPermissions.userId, scope.user.id), inArray(dataPermissions.vehicleId, ids), eq(dataPermissions.state, DATA_PERMISSION_APPROVAL_STATES.pending)));
  if (pending.length) {
    const taken = new Set(pending.map((p) => p.vehicleId));
    return { errors: { vehicles: `system:dataPermission.duplicate|${list(resolved.vehicles.filter((v) => taken.has(v.id)).map((v) => v.plate))}` }, vehicleIds: [] };
  }
  return { errors: {}, vehicleIds: ids };
}

const applicant = alias(users, "applicant");
const reviewer = alias(users, "reviewer");
// the filters' subqueries
const filteredVehicle = alias(vehicles, "fv");
const filteredUser = alias(users, "fu");
/** 1 enabled, 0 disabled, 2 past its period end; null while not approved */
const effect = sql<number | null>`case when ${dataPermissions.state} <> ${sql.raw(String(DATA_PERMISSION_APPROVAL_STATES.approved))} then null when ${dataPermissions.enabled} = ${sql.raw(String(DISABLED))} then ${sql.raw(String(DISABLED))} when ${dataPermissions.periodEnd} is not null and ${dataPermissions.periodEnd} < (cast(strftime('%s', 'now') as integer) * 1000) then 2 else ${sql.raw(String(ENABLED))} end`;

export type DataPermissionRow = {
  id: number;
  version: number;
  userId: number;
  vehicleId: number;
  plate: string;
  terminalNo: string;
  applicantName: string;
  reason: string;
  periodEnd: number | null;
  state: number;
  enabled: number;
  effect: number | null;
  refuseReason: string | null;
  reviewerName: string | null;
  reviewedAt: number | null;
  createdAt: number;
};

export const dataPermissionResource = defineResource({
  view: dataPermissionView,
  table: dataPermissions,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: dataPermissions.id,
        version: dataPermissions.version,
        userId: dataPermissions.userId,
        vehicleId: dataPermissions.vehicleId,
        plate: vehicles.plate,
        terminalNo: vehicles.terminalNo,
        applicantName: applicant.userName,
        reason: dataPermissions.reason,
        periodEnd: dataPermissions.periodEnd,
        state: dataPermissions.state,
        enabled: dataPermissions.enabled,
        effect,
        refuseReason: dataPermissions.refuseReason,
        reviewerName: reviewer.userName,
        reviewedAt: dataPermissions.reviewedAt,
        createdAt: dataPermissions.createdAt,
      })
      .from(dataPermissions)
      .innerJoin(vehicles, eq(vehicles.id, dataPermissions.vehicleId))
      .innerJoin(applicant, eq(applicant.id, dataPermissions.userId))
      .leftJoin(reviewer, eq(reviewer.id, dataPermissions.reviewerId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit<DataPermissionRow>(q, limit);
  },
  // conditions stand on data_permissions alone (subqueries), because the total is counted without the joins
  filters: {
    state: (v) => eq(dataPermissions.state, Number(v)),
    effect: (v) => sql`${effect} = ${Number(v)}`,
    plate: (v) => sql`${dataPermissions.vehicleId} in (select fv.id from vehicles fv where ${sameTenant(filteredVehicle, dataPermissions)} and ${containing(sql`fv.plate`, v)})`,
    applicant: (v) => sql`${dataPermissions.userId} in (select fu.id from users fu where ${sameTenant(filteredUser, dataPermissions)} and (${containing(sql`fu.user_name`, v)} or ${containing(sql`fu.login_account`, v)}))`,
  },
  sortColumns: { plate: vehicles.plate, periodEnd: dataPermissions.periodEnd, state: dataPermissions.state, createdAt: dataPermissions.createdAt },
  defaultOrder: [desc(dataPermissions.createdAt), desc(dataPermissions.id)],
  createSchema: DataPermissionCreateSchema,
  updateSchema: DataPermissionUpdateSchema,
  /** applicants see their own applications; reviewers every application of the vehicles in their own data scope */
  scopeWhere(scope) {
    const own = eq(dataPermissions.userId, scope.user.id);
    if (!canApprove(scope)) return own;
    const visible = visibleVehicleIdWhere(scope, dataPermissions.vehicleId);
    return visible && or(own, visible);
  },
  async check(scope, values, current) {
    const past = periodErrors(scope, values.periodEnd);
    if (Object.keys(past).length) return past;
    if (current) return current.state === DATA_PERMISSION_APPROVAL_STATES.pending && current.userId === scope.user.id ? {} : { form: "system:dataPermission.notOwn" };
    // one vehicle per row here (an imported row); the form's several vehicles are split by the create intent
    if (!("vehicles" in values)) return {};
    if (values.vehicles.length !== 1) return { vehicles: "system:dataPermission.onePerRow" };
    const { errors, vehicleIds } = await checkApplication(scope, values.vehicles);
    if (vehicleIds[0] !== undefined) checkedVehicle.set(values, vehicleIds[0]);
    return errors;
  },
  async editValues(scope, row) {
    const [v] = await scope.db.select({ plate: vehicles.plate }).from(vehicles).where(and(eq(vehicles.id, row.vehicleId), ofTenant(vehicles, scope.user.tenantId)));
    return { vehicles: v?.plate ?? "" };
  },
  toInsert: (values, scope) => ({ userId: scope.user.id, vehicleId: checkedVehicle.get(values)!, reason: values.reason, periodEnd: endOfDayMs(values.periodEnd, scope.user.timeZone), state: DATA_PERMISSION_APPROVAL_STATES.pending, enabled: ENABLED }),
  toUpdate: (values, scope) => ({ reason: values.reason, periodEnd: endOfDayMs(values.periodEnd, scope.user.timeZone) }),
  auditView: (row) => row,
  async beforeDelete(scope, ids) {
    if (canApprove(scope)) return { dependents: [] };
    // an applicant withdraws only their own pending applications
    const rows = await scope.db.select({ userId: dataPermissions.userId, state: dataPermissions.state }).from(dataPermissions).where(inArray(dataPermissions.id, ids));
    return rows.every((r) => r.userId === scope.user.id && r.state === DATA_PERMISSION_APPROVAL_STATES.pending) ? { dependents: [] } : { refuse: "system:dataPermission.notOwn" };
  },
  async afterDelete(scope) {
    await hubFor(scope.env, scope.user.tenantId).configChanged();
  },
});

/** The posted rows within the user's scope (another tenant's, or out of scope, are not among them). */
const loadRows = (scope: RequestScope, ids: number[]): PromiseLike<DataPermissionRow[]> =>
  dataPermissionResource.selectRows(scope.db, and(inArray(dataPermissions.id, ids), ofTenant(dataPermissions, scope.user.tenantId), dataPermissionResource.scopeWhere!(scope)), [desc(dataPermissions.id)], ids.length, 0);

const labelOfRow = (r: Pick<DataPermissionRow, "plate" | "applicantName">) => `${r.plate}（${r.applicantName}）`;
const tellHub = (scope: RequestScope) => hubFor(scope.env, scope.user.tenantId).configChanged();

/** Data permissions as a kind of approved document: the to-do and the approval flows settings list it. */
export const dataPermissionApprovalKind: ApprovalKind = {
  kind: "dataPermission",
  title: "workflow:kinds.dataPermission",
  href: (id) => `${dataPermissionView.path}?view=${id}`,
  approveCode: APPROVE_CODE,
  states: DATA_PERMISSION_APPROVAL_STATES,
  // the to-do's own narrow select (the list's names two user columns alike, which a D1 batch cannot carry)
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: dataPermissions.id, userId: dataPermissions.userId, plate: vehicles.plate, applicantName: applicant.userName, createdAt: dataPermissions.createdAt })
        .from(dataPermissions)
        .innerJoin(vehicles, eq(vehicles.id, dataPermissions.vehicleId))
        .innerJoin(applicant, eq(applicant.id, dataPermissions.userId))
        .where(and(ofTenant(dataPermissions, scope.user.tenantId), eq(dataPermissions.state, DATA_PERMISSION_APPROVAL_STATES.pending), dataPermissionResource.scopeWhere!(scope)))
        .orderBy(desc(dataPermissions.createdAt), desc(dataPermissions.id))
        .limit(limit),
      (r) => ({ id: r.id, label: labelOfRow(r), ownerId: r.userId, createdAt: r.createdAt }),
    ),
};

/** 通过 / 拒绝 on the engine: the reviewer and the refusal's reason with the state; the hub widens scopes after. */
export const dataPermissionApprovalMachine: Machine<DataPermissionRow> = {
  view: dataPermissionApproval,
  table: dataPermissions,
  stateKey: "state",
  load: loadRows,
  label: labelOfRow,
  set: (scope, t, input, now) => ({ reviewerId: scope.user.id, reviewedAt: now, refuseReason: t.name === "refuse" ? input.refuseReason : null }),
  plan: approvalPlan(dataPermissionApprovalKind),
  async after(scope, t) {
    if (t.name === "approve") await tellHub(scope);
  },
};

/** 启用 / 停用 of approved permissions on the engine, the applicant's reason shown in the confirmation. */
export const dataPermissionEnablementMachine: Machine<DataPermissionRow> = {
  view: dataPermissionEnablement,
  table: dataPermissions,
  stateKey: "enabled",
  load: loadRows,
  label: labelOfRow,
  details: { label: "system:dataPermission.applicantReason", of: (r) => r.reason },
  after: tellHub,
};

const saved = (back: string) => redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });

export const dataPermissionIntents = {
  /** the form's vehicles become one application each, all or none */
  create: {
    permission: "add" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const values = postedValues(form);
      const refused = (errors: FieldErrors, status: 400 | 409) => data<ResourceActionData>({ intent: "create", errors, values, options: {} }, { status });
      const parsed = DataPermissionCreateSchema.safeParse(values);
      if (!parsed.success) return refused(fieldErrors(parsed.error), 400);
      const past = periodErrors(scope, parsed.data.periodEnd);
      if (Object.keys(past).length) return refused(past, 400);
      const { errors } = await checkApplication(scope, parsed.data.vehicles);
      if (Object.keys(errors).length) return refused(errors, 409);
      for (const plate of parsed.data.vehicles) {
        const result = await createRow(scope, dataPermissionResource, { ...values, vehicles: plate });
        // only a concurrent application for the same vehicle gets here
        if (!result.ok) return refused(result.errors, 409);
      }
      return saved(back);
    },
  },
  ...transitionIntents(dataPermissionApprovalMachine),
  ...transitionIntents(dataPermissionEnablementMachine),
  // the names the screen posted before the engine (its toolbar still does): 通过 / 拒绝, and 启用 / 停用 by `enabled`
  confirmApprove: { permission: null, run: (scope: RequestScope, form: FormData) => confirmResponse(scope, dataPermissionApprovalMachine, "approve", postedIds(form)) },
  confirmRefuse: { permission: null, run: (scope: RequestScope, form: FormData) => confirmResponse(scope, dataPermissionApprovalMachine, "refuse", postedIds(form)) },
  review: { permission: null, run: (scope: RequestScope, form: FormData, back: string) => runResponse(scope, dataPermissionApprovalMachine, form.get("decision") === "refuse" ? "refuse" : "approve", form, back) },
  ...stateIntents(dataPermissionEnablementMachine, "enabled"),
};

/** Whether the user may review (the page shows 通过 / 拒绝 / 启用 / 停用 only then; the server checks every post). */
export const isApprover = canApprove;
