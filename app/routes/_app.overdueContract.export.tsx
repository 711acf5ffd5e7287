import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ageingQuery, ageingSheet, overdueContracts } from "~/modules/overdue/ageing.server";

/** 逾期合同 导出: the same query as the page (a resource route: a document's loader may not answer a file), as .xlsx. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/overdueContract", permission: "overdueContract:export" });
  const rows = await overdueContracts(scope, ageingQuery(new URL(request.url)));
  return ageingSheet(rows, readPreferences(request).lang, todayInZone(scope.user.timeZone));
}
