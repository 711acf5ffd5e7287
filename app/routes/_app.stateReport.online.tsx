import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { isTerminalClass } from "~/modules/terminal-health/online";
import { onlineClasses, type OnlineFilter } from "~/modules/terminal-health/online.server";
import { OnlinePage } from "~/modules/terminal-health/online-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "在线状态", en: "Online classes" }) }];

/** /stateReport/online 在线状态: the machines by their terminal's online class (spec §4), silent machines on rent first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/stateReport" });
  const url = new URL(request.url);
  const asked = url.searchParams.get("class") ?? "";
  const filter: OnlineFilter = isTerminalClass(asked) || asked === "alarm" || asked === "silent" ? (asked as OnlineFilter) : null;
  const onRentOnly = url.searchParams.get("rent") === "1";
  return { filter, onRentOnly, ...(await onlineClasses(scope, filter, onRentOnly)) };
}

export default OnlinePage;

export const ErrorBoundary = RouteErrorBoundary;
