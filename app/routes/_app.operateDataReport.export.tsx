import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { operateData, reportRange } from "~/modules/reports/reports.server";
import { reportSheet } from "~/modules/reports/sheet.server";

/** 运营数据报表 导出: the page's query as .xlsx (a resource route: a document's loader may not answer a file). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/operateDataReport" });
  const lang = readPreferences(request).lang;
  return reportSheet(await operateData(scope, reportRange(new URL(request.url), scope), lang), { zh: "运营数据报表", en: "Operating Data Report" }, lang);
}
