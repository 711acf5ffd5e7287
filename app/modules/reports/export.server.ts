import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { apiJson, type RequestScope } from "~/modules/access/access.server";
import { PdfFontMissing } from "~/modules/contract-pdf/fonts.server";
import { contentDisposition } from "~/modules/files/files.server";
import { PDF_MAX_ROWS, reportPdf } from "./pdf.server";
import type { ReportData, ReportKey } from "./report-types";
import { reportSheet } from "./sheet.server";

/**
 * A report's 导出 route's answer: `?format=pdf` the PDF, anything else the Excel file (the default), both of the
 * tables the route read with the user's scope. `filters` are the report's own controls as applied, worded in `lang`
 * (the PDF prints them under the period). A PDF of more than PDF_MAX_ROWS rows is refused (422, the reason as JSON,
 * which the download button shows); without the PDF fonts in R2, 503 saying how to put them there.
 */
export async function reportExport(
  scope: RequestScope,
  request: Request,
  file: { report: ReportKey; data: ReportData; lang: Language; filters?: [string, string][] },
): Promise<Response> {
  // a file of another period than the one asked for would mislead: the days are refused, with the reason
  if (file.data.range.refused) return apiJson({ code: 400, message: resources[file.lang].reports.range.invalid }, { status: 400 });
  if (new URL(request.url).searchParams.get("format") !== "pdf") {
    return reportSheet(file.data, { zh: resources["zh-CN"].reports.titles[file.report], en: resources["en-US"].reports.titles[file.report] }, file.lang);
  }
  const rows = file.data.tables.reduce((n, t) => n + t.rows.length, 0);
  if (rows > PDF_MAX_ROWS) {
    const message = resources[file.lang].reports.pdf.tooManyRows.replace("{{max}}", PDF_MAX_ROWS.toLocaleString("en-US")).replace("{{rows}}", rows.toLocaleString("en-US"));
    return apiJson({ code: 422, message }, { status: 422 });
  }
  try {
    const pdf = await reportPdf(scope.env.FILES, file.data, file.lang, { report: file.report, tenant: scope.user.tenantName, timeZone: scope.user.timeZone, filters: file.filters });
    return new Response(pdf.bytes, {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", pdf.fileName), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (error instanceof PdfFontMissing) return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
