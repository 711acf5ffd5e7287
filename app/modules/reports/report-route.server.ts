import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { reportExport } from "./export.server";
import type { ReportRange } from "./quick-range";
import type { ReportData, ReportKey } from "./report-types";
import { reportRange } from "./reports.server";

/** A report with a period and nothing else to choose: its figures for the user's scope (`all`: every row, for the file). */
type Report = (scope: RequestScope, range: ReportRange, lang: string, all?: boolean) => Promise<ReportData>;

/**
 * The two loaders of a report whose only control is its period: the page's (`/<screen>`: the screen's menu grant; the
 * figures and whether the user holds `<privis>:export`) and its file's (`/<screen>/export`: the export permission too;
 * the Excel file, or the PDF with `format=pdf`, every row).
 */
export function reportLoaders(screen: string, key: ReportKey, report: Report) {
  const privis = screen.slice(1);
  return {
    page: async ({ request, context }: LoaderFunctionArgs) => {
      const scope = await requireScope(request, context, { screen });
      const figures = await report(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang);
      return data({ report: { ...figures, canExport: scope.access.permissions.has(`${privis}:export`) } });
    },
    file: async ({ request, context }: LoaderFunctionArgs) => {
      const scope = await requireScope(request, context, { screen, permission: `${privis}:export` });
      const lang = readPreferences(request).lang;
      return reportExport(scope, request, { report: key, data: await report(scope, reportRange(new URL(request.url), scope), lang, true), lang });
    },
  };
}
