// GET /contractBillReport/bill/pdf?id=<bill id>[&lang=zh-CN|en-US]: the bill as a PDF (issue 26 §1), the bill page's guard and data scope.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { billPdf, requireBillPrint } from "~/modules/billing/bill-print.server";
import { PdfFontMissing } from "~/modules/contract-pdf/fonts.server";
import { contentDisposition } from "~/modules/files/files.server";

export async function loader(args: LoaderFunctionArgs) {
  const { bill, lang, files } = await requireBillPrint(args);
  try {
    const pdf = await billPdf(files, bill, lang);
    return new Response(pdf.bytes, { headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", pdf.fileName), "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
  } catch (error) {
    if (error instanceof PdfFontMissing) return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
