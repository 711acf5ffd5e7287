// GET /pdf/{resource}/document?id=: one document of a registered document resource as a PDF, in the reader's language.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentPdf } from "~/modules/contract-pdf/document-print.server";
import { PdfFontMissing } from "~/modules/contract-pdf/fonts.server";
import { contentDisposition } from "~/modules/files/files.server";
import { documentContent } from "~/modules/resource/document.server";
import { registeredResources } from "~/modules/resource/registry.server";

/** Whoever may open the document's screen prints a document of their tenant and data scope; 404 for any other id. */
export async function loader(args: LoaderFunctionArgs) {
  const entry = registeredResources()[args.params.resource ?? ""];
  if (!entry?.document) throw new Response("Not Found", { status: 404 });
  const read = await documentContent(args, entry.document);
  if (!read) throw new Response("Not Found", { status: 404 });
  try {
    const bytes = await documentPdf(read.scope, read.content, read.language);
    return new Response(bytes, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": contentDisposition("inline", `${read.content.title}.pdf`),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof PdfFontMissing) return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
