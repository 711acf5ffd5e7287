// GET /statement/<token>/pdf[?lang=zh-CN|en-US]: the statement's PDF through its signed link (no account).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLanguage } from "~/i18n";
import { readPreferences } from "~/modules/auth/preferences.server";
import { PdfFontMissing } from "~/modules/contract-pdf/fonts.server";
import { contentDisposition } from "~/modules/files/files.server";
import { statementLinkLoader, type StatementLinkData } from "~/modules/billing/statement-link.server";
import { statementPdf } from "~/modules/billing/statement-pdf.server";

export async function loader(args: LoaderFunctionArgs) {
  const answer = await statementLinkLoader(args);
  const loaded = answer.data as StatementLinkData;
  if (!loaded.ok) throw new Response(null, { status: loaded.reason === "expired" ? 410 : 404 });
  // the loader wrote the statement's sentences in this language too
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = isLanguage(asked) ? asked : readPreferences(args.request).lang;
  try {
    const pdf = await statementPdf(args.context.cloudflare.env.FILES, loaded.statement, lang);
    return new Response(pdf.bytes, { headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", pdf.fileName), "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" } });
  } catch (error) {
    if (error instanceof PdfFontMissing) return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
