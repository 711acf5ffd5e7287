import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { CollectionPage } from "~/modules/finance/collection-page";
import { collectionCustomers, collectionQuery, machineCollections } from "~/modules/finance/collection.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备回款", en: "Equipment Payment Collection" }) }];

/** /equipmentPaymentCollection 设备回款: per machine, billed and collected over a period (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/equipmentPaymentCollection" });
  const query = collectionQuery(new URL(request.url), scope.user.timeZone);
  const [rows, customers] = await Promise.all([machineCollections(scope, query), collectionCustomers(scope)]);
  return data({ rows, query, customers });
}

export default CollectionPage;

export const ErrorBoundary = RouteErrorBoundary;
