import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resources } from "~/i18n/resources";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { DIMENSION_LABEL, revenueDimension } from "~/modules/reports/dimensions";
import { reportExport } from "~/modules/reports/export.server";
import { labelIn } from "~/modules/reports/report-types";
import { contractRevenue, reportRange } from "~/modules/reports/reports.server";

/** 合同收入 导出: the page's query as .xlsx, or as a PDF with `format=pdf` (a resource route: a document's loader may not answer a file). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/contractRevenue", permission: "contractRevenue:export" });
  const url = new URL(request.url);
  const lang = readPreferences(request).lang;
  const by = revenueDimension(url.searchParams.get("by"));
  const data = await contractRevenue(scope, reportRange(url, scope), by, lang, true);
  return reportExport(scope, request, { report: "contractRevenue", data, lang, filters: [[resources[lang].reports.groupBy, labelIn(DIMENSION_LABEL[by], lang)]] });
}
