import type { Options, Sheet } from "write-excel-file/universal";
import { generateXlsxFileSync } from "write-excel-file/universal-sync";

/** An image's Blob as bytes, as write-excel-file/universal converts it. */
const bytesOf = (content: Blob) => content.arrayBuffer().then((buffer) => new Uint8Array(buffer));

/**
 * Sheets as an .xlsx file: write-excel-file/universal's workbook, zipped synchronously. Its toBlob() zips with fflate's
 * async zip(), which hands every file inside over 160 KB to a Web Worker, and the Worker runtime has none ("Worker is
 * not defined": a 500 from a report of about 2,000 rows); this is the same build with fflate's zipSync. Every export
 * writes its workbook here.
 */
export function xlsxBlob(sheets: Sheet<Blob>[], options?: Options<Blob>): Promise<Blob> {
  return generateXlsxFileSync(sheets, options, undefined, bytesOf);
}
