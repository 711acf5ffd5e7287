import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { customerZeroRent, reportRange } from "~/modules/reports/reports.server";
import { reportSheet } from "~/modules/reports/sheet.server";

/** 客户零租报表 导出: the page's query as .xlsx (a resource route: a document's loader may not answer a file). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/customerZeroRentReport" });
  const lang = readPreferences(request).lang;
  return reportSheet(await customerZeroRent(scope, reportRange(new URL(request.url), scope), lang), { zh: "客户零租报表", en: "Customer Zero-Rent Report" }, lang);
}
