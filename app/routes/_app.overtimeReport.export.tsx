import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { reportExport } from "~/modules/reports/export.server";
import { overtimeReport, reportRange } from "~/modules/reports/reports.server";

/** 加班报表 导出: the page's query as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/overtimeReport", permission: "overtimeReport:export" });
  const lang = readPreferences(request).lang;
  return reportExport(scope, request, { report: "overtime", data: await overtimeReport(scope, reportRange(new URL(request.url), scope), lang), lang });
}
