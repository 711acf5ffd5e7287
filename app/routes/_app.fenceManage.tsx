// /fenceManage 围栏管理: fences and lines (app/modules/fences).
import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { FenceScreen } from "~/modules/fences/fence-screen";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export { fenceAction as action, fenceLoader as loader } from "~/modules/fences/fence.server";
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "围栏管理", en: "Fence Management" }) }];
export default FenceScreen;
export const ErrorBoundary = RouteErrorBoundary;

/** Switching tab, selection or the open form changes only what is shown: no round trip for it. */
const VIEW_PARAMS = ["tab", "sel", "edit", "done"];
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (u: URL) => [...u.searchParams].filter(([k]) => !VIEW_PARAMS.includes(k)).join("&");
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};
