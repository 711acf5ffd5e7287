import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { revenueDimension } from "~/modules/reports/dimensions";
import { contractRevenue, reportRange } from "~/modules/reports/reports.server";
import { reportSheet } from "~/modules/reports/sheet.server";

/** 合同收入 导出: the page's query as .xlsx (a resource route: a document's loader may not answer a file). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/contractRevenue" });
  const url = new URL(request.url);
  const lang = readPreferences(request).lang;
  return reportSheet(await contractRevenue(scope, reportRange(url, scope), revenueDimension(url.searchParams.get("by")), lang, true), { zh: "合同收入", en: "Contract Revenue" }, lang);
}
