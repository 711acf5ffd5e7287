import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { appApplications } from "../../../db/schema";
import { tenantWhere } from "../../../db/tenant";
import { hasSpecialChars, isMobile } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { postedIds, tableResource } from "~/modules/resource/resource.server";
import { APPLICATION_APPROVAL_STATES, APPLICATION_REVIEW_CODE, applicationApproval, applicationView } from "./application.resource";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import { confirmResponse, runResponse, transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import { line, note } from "~/lib/form-fields";

export const applicationResource = tableResource({
  view: applicationView,
  table: appApplications,
  columns: {
    name: appApplications.name,
    phone: appApplications.phone,
    appRole: appApplications.appRole,
    company: appApplications.company,
    reason: appApplications.reason,
    state: appApplications.state,
    refuseReason: appApplications.refuseReason,
    createdAt: appApplications.createdAt,
  },
  search: [appApplications.name, appApplications.phone],
  equals: { state: { column: appApplications.state, parse: Number }, appRole: { column: appApplications.appRole } },
  sort: { name: appApplications.name, state: appApplications.state, createdAt: appApplications.createdAt },
  schema: z.object({
    name: line()
      .min(1, "validation.required")
      .max(30, "validation.name30")
      .refine((v) => !hasSpecialChars(v), "validation.specialChars"),
    phone: line().refine(isMobile, "validation.mobile"),
    appRole: z.enum(["driver", "operator", "customer"], { message: "validation.required" }),
    company: line()
      .max(50, "validation.company")
      .transform((v) => v || null),
    reason: note()
      .max(100, "validation.description")
      .transform((v) => v || null),
  }),
});

type ApplicationRow = { id: number; version: number; state: number; name: string; phone: string; createdAt: number };

const loadRows = (scope: RequestScope, ids: number[]): PromiseLike<ApplicationRow[]> =>
  scope.db
    .select({ id: appApplications.id, version: appApplications.version, state: appApplications.state, name: appApplications.name, phone: appApplications.phone, createdAt: appApplications.createdAt })
    .from(appApplications)
    .where(tenantWhere(appApplications, scope, inArray(appApplications.id, ids)));

/** App-user applications as a kind of approved document: the to-do and the approval flows settings list it. */
export const applicationApprovalKind: ApprovalKind = {
  kind: "application",
  title: "workflow:kinds.application",
  href: (id) => `/applicationManage/form?id=${id}`,
  approveCode: APPLICATION_REVIEW_CODE,
  states: APPLICATION_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: appApplications.id, name: appApplications.name, phone: appApplications.phone, createdAt: appApplications.createdAt })
        .from(appApplications)
        .where(tenantWhere(appApplications, scope, eq(appApplications.state, APPLICATION_APPROVAL_STATES.pending)))
        .orderBy(desc(appApplications.createdAt), desc(appApplications.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.name}（${r.phone}）`, ownerId: null, createdAt: r.createdAt }),
    ),
};

/** 通过 / 拒绝 on the engine: the reviewer, and the refusal's reason, with the state. */
export const applicationApprovalMachine: Machine<ApplicationRow> = {
  view: applicationApproval,
  table: appApplications,
  stateKey: "state",
  load: loadRows,
  label: (r) => r.name,
  // an id that is not the tenant's answers as one already reviewed, as this screen always has
  missing: { message: "system:application.notPending", status: 409 },
  set: (scope, t, input, now) => ({ reviewerId: scope.user.id, reviewedAt: now, refuseReason: t.name === "refuse" ? input.refuseReason : null }),
  plan: approvalPlan(applicationApprovalKind),
};

/** 通过 / 拒绝 (asked first; a refusal asks its reason), also under the names the screen posted before the engine. */
export const applicationIntents = {
  ...transitionIntents(applicationApprovalMachine),
  confirmApprove: { permission: null, run: (scope: RequestScope, form: FormData) => confirmResponse(scope, applicationApprovalMachine, "approve", postedIds(form)) },
  confirmRefuse: { permission: null, run: (scope: RequestScope, form: FormData) => confirmResponse(scope, applicationApprovalMachine, "refuse", postedIds(form)) },
  review: { permission: null, run: (scope: RequestScope, form: FormData, back: string) => runResponse(scope, applicationApprovalMachine, form.get("decision") === "refuse" ? "refuse" : "approve", form, back) },
};
