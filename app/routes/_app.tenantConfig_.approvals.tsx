// /tenantConfig/approvals: the tenant's approval flow per document kind (app/modules/workflow), under 租户配置.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { loadFlows, postedSteps, saveFlow } from "~/modules/workflow/flows.server";
import { ApprovalFlowsPage } from "~/modules/workflow/flows-page";
import { APPROVAL_FLOWS_PATH } from "~/modules/workflow/tenant-config-tabs";
import { RouteErrorBoundary } from "~/ui/error-state";
import { readForm, requireSafeFieldNames } from "~/lib/posted-form.server";
import { parse } from "@conform-to/dom";
import { pageTitle } from "~/lib/page-title";

const SCREEN = "/tenantConfig";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "审批流程", en: "Approval Flows" }) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: SCREEN });
  const { flash, clear } = readFlash(request);
  return data({ ...(await loadFlows(scope)), canEdit: scope.access.permissions.has("tenantConfig:edit"), saved: flash === "saved" }, { headers: clear ? { "Set-Cookie": clear } : {} });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: SCREEN, permission: "tenantConfig:edit" });
  const form = await readForm(request);
  // a row button (添加一行, 上移, 删除) posted before the page's JavaScript: the kind's form as it now stands, nothing saved
  if (form.has("__intent__")) {
    requireSafeFieldNames(form);
    return data({ kind: String(form.get("kind") ?? ""), result: parse(form, { resolve: (value) => ({ value }) }).reply() });
  }
  const result = await saveFlow(scope, form);
  if (result.ok) return redirect(APPROVAL_FLOWS_PATH, { headers: { "Set-Cookie": flashCookie("saved") } });
  // the rows as posted come back with the refusal, so nothing chosen is lost
  return data({ errors: result.errors, posted: postedSteps(form) }, { status: result.status });
}

export default ApprovalFlowsPage;
export const ErrorBoundary = RouteErrorBoundary;
