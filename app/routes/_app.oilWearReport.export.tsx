import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { reportExport } from "~/modules/reports/export.server";
import { oilWearReport } from "~/modules/reports/fleet-reports.server";
import { reportRange } from "~/modules/reports/reports.server";

/** 油耗报表 导出: the page's range as .xlsx, or as a PDF with `format=pdf`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/oilWearReport", permission: "oilWearReport:export" });
  const lang = readPreferences(request).lang;
  return reportExport(scope, request, { report: "oilWear", data: await oilWearReport(scope, reportRange(new URL(request.url), scope), lang, true), lang });
}
