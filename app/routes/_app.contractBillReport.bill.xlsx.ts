// GET /contractBillReport/bill/xlsx?id=<bill id>[&lang=zh-CN|en-US]: the bill as an Excel workbook (issue 26 §1), the bill page's guard and data scope.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { billSheet, requireBillPrint } from "~/modules/billing/bill-print.server";
import { contentDisposition } from "~/modules/files/files.server";

export async function loader(args: LoaderFunctionArgs) {
  const { bill, lang } = await requireBillPrint(args);
  const sheet = await billSheet(bill, lang);
  return new Response(sheet.blob, { headers: { "Content-Type": sheet.contentType, "Content-Disposition": contentDisposition("attachment", sheet.fileName), "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
}
