// GET /contractList/pdf?id=<contract id>[&lang=zh-CN|en-US]: the printed contract (ADR 010, docs/contract-pdf.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLanguage } from "~/i18n";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { PdfFontMissing } from "~/modules/contract-pdf/fonts.server";
import { contractPdf } from "~/modules/contract-pdf/print.server";
import { contentDisposition } from "~/modules/files/files.server";

/** Whoever may open the contract list sees the PDF of a contract of their tenant and data scope; 404 for any other id. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/contractList" });
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const asked = url.searchParams.get("lang");
  const lang = isLanguage(asked) ? asked : readPreferences(request).lang;
  try {
    const pdf = await contractPdf(scope, id, lang);
    if (!pdf) throw new Response("Not Found", { status: 404 });
    return new Response(pdf.bytes, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": contentDisposition(url.searchParams.get("download") === "1" ? "attachment" : "inline", pdf.fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof PdfFontMissing) return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
