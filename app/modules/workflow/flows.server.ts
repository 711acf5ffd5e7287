/**
 * 审批流程: a tenant's approval flow per document kind (/tenantConfig/approvals). Each step is a role (anyone holding
 * it) or a named user; an approver must hold the kind's approve code, or nobody could act on the step. A kind with an
 * amount (a contract's value) takes an optional threshold per step, in yuan: the step applies from it up. A flow is
 * saved whole, in one batch with its audit record.
 */
import { auditRecord } from "~/modules/resource/command.server";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { batch } from "../../../db/client";
import { approvalSteps, rolePermissions, roles, userRoles, users } from "../../../db/schema";
import { ofTenant, tenantWhere, withTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { centsOf, formatCents, plainCents } from "~/lib/cents";
import { formSchema, postedValues } from "~/modules/resource/form.server";
import { flowOf, type ApprovalKind, type FlowStep } from "./approval.server";
import { approvalKinds } from "~/modules/resource/registry.server";
import { ENABLED } from "./enablement";

export const MAX_STEPS = 10;

/** A step as the form posts it: "role:<id>" or "user:<id>" and the amount it applies from (yuan, blank: always); a row left blank is skipped. */
const FlowForm = z.object({
  kind: z.string(),
  steps: z.array(z.object({ approver: z.string().optional().default(""), amount: z.string().optional().default("") })).default([]),
});

/** A step as the page holds it: the approver's value and the threshold as plain yuan ("500000.00", blank: always). */
export interface FlowStepValue {
  approver: string;
  amount: string;
}

/** The rows as posted, so a refused form comes back with everything typed. */
export function postedSteps(form: FormData): FlowStepValue[] {
  return ((postedValues(form).steps ?? []) as ({ approver?: string; amount?: string } | undefined)[]).map((s) => ({ approver: String(s?.approver ?? ""), amount: String(s?.amount ?? "") }));
}

export interface FlowChoice {
  value: string;
  label: string;
}

/** The flows of every kind, with the tenant's enabled roles and users to choose from. */
export async function loadFlows(scope: RequestScope) {
  const [flows, roleRows, userRows] = await Promise.all([
    Promise.all(
      approvalKinds().map(async (k) => ({
        kind: k.kind,
        title: k.title,
        hasAmount: Boolean(k.amountOf),
        steps: (await flowOf(scope.db, scope.user.tenantId, k.kind)).map((s): FlowStepValue => ({ approver: stepValue(s), amount: s.minAmountCents === null ? "" : plainCents(s.minAmountCents) })),
      })),
    ),
    scope.db.select({ id: roles.id, name: roles.name }).from(roles).where(tenantWhere(roles, scope, eq(roles.state, ENABLED))).orderBy(asc(roles.name)),
    scope.db.select({ id: users.id, name: users.userName, account: users.loginAccount }).from(users).where(tenantWhere(users, scope, eq(users.state, ENABLED))).orderBy(asc(users.userName)).limit(500),
  ]);
  return {
    flows,
    roles: roleRows.map((r): FlowChoice => ({ value: `role:${r.id}`, label: r.name })),
    users: userRows.map((u): FlowChoice => ({ value: `user:${u.id}`, label: `${u.name}（${u.account}）` })),
  };
}

const stepValue = (s: Pick<FlowStep, "approverType" | "approverId">) => `${s.approverType}:${s.approverId}`;
/** A step in the audit record: the approver, and the threshold when it has one ("role:3 ≥ 500,000.00"). */
const auditedStep = (s: Pick<FlowStep, "approverType" | "approverId" | "minAmountCents">) => (s.minAmountCents === null ? stepValue(s) : `${stepValue(s)} ≥ ${formatCents(s.minAmountCents)}`);

/** A posted threshold → cents, null for blank; or the refusal (negative, more than two decimals, not an amount). */
function thresholdOf(text: string): { cents: number | null } | { error: string } {
  const plain = text.replace(/[,，\s¥￥]/g, "");
  if (!plain) return { cents: null };
  if (/^-/.test(plain)) return { error: "workflow:flows.amountNegative" };
  if (/^\d+\.\d{3,}$/.test(plain)) return { error: "workflow:flows.amountDecimals" };
  const cents = centsOf(plain);
  return cents === null ? { error: "workflow:flows.amountInvalid" } : { cents };
}

export type FlowErrors = { kind: string; form?: string; steps?: Record<number, string> };

/** Saves one kind's flow from the posted form; the refusal names the row and the reason. */
export async function saveFlow(scope: RequestScope, form: FormData): Promise<{ ok: true } | { ok: false; errors: FlowErrors; status: 400 | 404 }> {
  const parsed = formSchema(FlowForm).safeParse(postedValues(form));
  const kindName = parsed.success ? parsed.data.kind : String(form.get("kind") ?? "");
  const kind = approvalKinds().find((k) => k.kind === kindName);
  if (!parsed.success || !kind) return { ok: false, errors: { kind: kindName, form: "resource:notFound" }, status: 404 };
  // a kind without an amount has no thresholds: an amount posted for it is not read
  const posted = parsed.data.steps.map((s, i) => ({ row: i, value: s.approver.trim(), amount: kind.amountOf ? s.amount.trim() : "" })).filter((s) => s.value || s.amount);
  if (posted.length > MAX_STEPS) return { ok: false, errors: { kind: kind.kind, form: "workflow:flows.tooManySteps" }, status: 400 };
  const stepErrors: Record<number, string> = {};
  const seen = new Set<string>();
  const steps: { row: number; approverType: "role" | "user"; approverId: number; minAmountCents: number | null }[] = [];
  for (const s of posted) {
    const m = /^(role|user):([1-9]\d{0,14})$/.exec(s.value);
    const threshold = thresholdOf(s.amount);
    // the same approver again is a step of its own only from another amount (e.g. a second manager's approval from ¥500,000)
    const key = `${s.value}@${"cents" in threshold ? threshold.cents : ""}`;
    if ("error" in threshold) stepErrors[s.row] = threshold.error;
    else if (!m) stepErrors[s.row] = "workflow:flows.approverRequired";
    else if (seen.has(key)) stepErrors[s.row] = "workflow:flows.duplicateStep";
    else steps.push({ row: s.row, approverType: m[1] as "role" | "user", approverId: Number(m[2]), minAmountCents: threshold.cents });
    seen.add(key);
  }
  for (const [row, message] of await approverRefusals(scope, kind, steps)) stepErrors[row] = message;
  if (Object.keys(stepErrors).length) return { ok: false, errors: { kind: kind.kind, steps: stepErrors }, status: 400 };

  const before = await flowOf(scope.db, scope.user.tenantId, kind.kind);
  const now = Date.now();
  await batch(scope.db, [
    scope.db.delete(approvalSteps).where(tenantWhere(approvalSteps, scope, eq(approvalSteps.kind, kind.kind))),
    ...steps.map((s, i) =>
      scope.db.insert(approvalSteps).values(withTenant(scope, { kind: kind.kind, stepNo: i + 1, approverType: s.approverType, approverId: s.approverId, minAmountCents: s.minAmountCents, createdAt: now, updatedAt: now })),
    ),
    auditRecord(scope, { entity: "approvalFlow", action: "update", id: kind.kind, before: { steps: before.map(auditedStep) }, after: { steps: steps.map(auditedStep) } }),
  ]);
  return { ok: true };
}

/** Approvers that are not the tenant's enabled roles or users, or do not hold the kind's approve code. */
async function approverRefusals(scope: RequestScope, kind: ApprovalKind, steps: { row: number; approverType: "role" | "user"; approverId: number }[]): Promise<[number, string][]> {
  const roleIds = steps.filter((s) => s.approverType === "role").map((s) => s.approverId);
  const userIds = steps.filter((s) => s.approverType === "user").map((s) => s.approverId);
  const [knownRoles, knownUsers, rolesWithCode, usersWithCode] = await Promise.all([
    roleIds.length ? scope.db.select({ id: roles.id }).from(roles).where(tenantWhere(roles, scope, inArray(roles.id, roleIds), eq(roles.state, ENABLED))) : [],
    userIds.length ? scope.db.select({ id: users.id }).from(users).where(tenantWhere(users, scope, inArray(users.id, userIds), eq(users.state, ENABLED))) : [],
    roleIds.length ? scope.db.select({ id: rolePermissions.roleId }).from(rolePermissions).where(and(ofTenant(rolePermissions, scope), inArray(rolePermissions.roleId, roleIds), eq(rolePermissions.code, kind.approveCode))) : [],
    userIds.length
      ? scope.db
          .selectDistinct({ id: userRoles.userId })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
          .where(and(ofTenant(userRoles, scope), inArray(userRoles.userId, userIds), eq(roles.state, ENABLED), eq(rolePermissions.code, kind.approveCode)))
      : [],
  ]);
  const has = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
  const [rolesKnown, usersKnown, rolesCode, usersCode] = [has(knownRoles), has(knownUsers), has(rolesWithCode), has(usersWithCode)];
  const refusals: [number, string][] = [];
  for (const s of steps) {
    const known = s.approverType === "role" ? rolesKnown : usersKnown;
    const code = s.approverType === "role" ? rolesCode : usersCode;
    if (!known.has(s.approverId)) refusals.push([s.row, "workflow:flows.approverUnknown"]);
    else if (!code.has(s.approverId)) refusals.push([s.row, "workflow:flows.approverLacksCode"]);
  }
  return refusals;
}
