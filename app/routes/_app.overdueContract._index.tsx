import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { ageingOptions, ageingQuery, ageingTotals, dueUrges, overdueContracts } from "~/modules/overdue/ageing.server";
import { OverduePage, type OverdueListData } from "~/modules/overdue/overdue-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "逾期合同", en: "Overdue Contracts" }) }];

/** /overdueContract 逾期合同: the ageing of the overdue contracts in the user's scope (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/overdueContract" });
  const query = ageingQuery(new URL(request.url));
  // the urges due are the user's whatever the filters say: read the whole list once, filter it here
  const [all, options] = await Promise.all([overdueContracts(scope), ageingOptions(scope)]);
  const filtered = await (query.q || query.bucket || query.customerId !== null || query.personId !== null ? overdueContracts(scope, query) : all);
  const due = dueUrges(all, scope.user.id, todayInZone(scope.user.timeZone));
  return data<OverdueListData>({ rows: filtered, totals: ageingTotals(filtered), query, ...options, due, canExport: scope.access.permissions.has("overdueContract:export") });
}

export default OverduePage;

export const ErrorBoundary = RouteErrorBoundary;
