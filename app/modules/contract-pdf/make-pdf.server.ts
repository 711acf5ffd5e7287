import { loadPdfFonts } from "./fonts.server";
import type { ContractPrint } from "./render.server";

/**
 * A print's PDF bytes, with the CJK fonts from R2 (throws PdfFontMissing without them). Every PDF is made here, and
 * the renderer is imported here when one is made: pdf-lib and fontkit (with its brotli and pako) are 1.6 MB of
 * code that no page needs, so the pages' server build reaches them only through this import and the Worker
 * evaluates them at the first PDF, not with the pages (docs/architecture.md, "Worker bundle").
 */
export async function makePdf(print: ContractPrint | Promise<ContractPrint>, files: R2Bucket): Promise<Uint8Array<ArrayBuffer>> {
  const [{ renderContractPdf }, fonts, printed] = await Promise.all([import("./render.server"), loadPdfFonts(files), print]);
  return new Uint8Array(await renderContractPdf(printed, fonts));
}
