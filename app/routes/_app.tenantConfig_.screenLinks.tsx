// /tenantConfig/screenLinks 大屏链接: the tenant's screen links (app/modules/wall), a tab of 租户配置.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { createScreenLink, loadScreenLinks, revokeScreenLink, SCREEN_LINK_PERMISSION } from "~/modules/wall/screen-links.server";
import { ScreenLinksPage, type ScreenLinksAction } from "~/modules/wall/screen-links-page";
import { SCREEN_LINKS_PATH, screenLinkPath } from "~/modules/wall/screen-links";
import { RouteErrorBoundary } from "~/ui/error-state";
import { readForm } from "~/lib/posted-form.server";
import { pageTitle } from "~/lib/page-title";

const SCREEN = "/tenantConfig";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "大屏链接", en: "Screen Links" }) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: SCREEN });
  const { flash, clear } = readFlash(request);
  return data({ ...(await loadScreenLinks(scope)), timeZone: scope.user.timeZone, revoked: flash === "saved" }, { headers: { "Cache-Control": "private, no-store", ...(clear ? { "Set-Cookie": clear } : {}) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: SCREEN, permission: SCREEN_LINK_PERMISSION });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "revoke") {
    const id = Number(form.get("id"));
    const done = Number.isSafeInteger(id) && id > 0 && (await revokeScreenLink(scope, id));
    if (!done) return data<ScreenLinksAction>({ error: "notFound" }, { status: 404 });
    return redirect(SCREEN_LINKS_PATH, { headers: { "Set-Cookie": flashCookie("saved") } });
  }
  if (intent !== "create") throw new Response("Bad Request", { status: 400 });
  const answer = await createScreenLink(scope, form);
  if (answer.ok) return data<ScreenLinksAction>({ created: { path: screenLinkPath(answer.token), name: String(form.get("name") ?? "").trim() } }, { headers: { "Cache-Control": "private, no-store" } });
  const posted: Record<string, string> = {};
  for (const k of ["name", "screen", "scopeKind", "orgId", "customerId", "plates"]) posted[k] = String(form.get(k) ?? "").slice(0, 20_000);
  return data<ScreenLinksAction>({ error: answer.error, detail: answer.detail, posted }, { status: answer.error === "limit" ? 409 : 400 });
}

export default ScreenLinksPage;
export const ErrorBoundary = RouteErrorBoundary;
