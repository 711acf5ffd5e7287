import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { collectionQuery, collectionSheet, machineCollections } from "~/modules/finance/collection.server";

/** 设备回款 导出: the same query as the page (a resource route: a document's loader may not answer a file), as .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/equipmentPaymentCollection", permission: "equipmentPaymentCollection:export" });
  const query = collectionQuery(new URL(request.url), scope.user.timeZone);
  return collectionSheet(await machineCollections(scope, query), query, readPreferences(request).lang);
}
