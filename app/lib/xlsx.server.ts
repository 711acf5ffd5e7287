import { unzipSync } from "fflate";
import filterZipArchiveEntry from "read-excel-file/modules/export/filterZipArchiveEntry.js";
import validateLeadingBytes from "read-excel-file/modules/xlsx/file/validateLeadingBytes.js";
import parseSpreadsheetContents from "read-excel-file/modules/xlsx/parseSpreadsheetContents.js";
import parseXml from "read-excel-file/modules/xml/parseXml.js";
import { InvalidInputError, type Sheet as ReadSheet } from "read-excel-file/universal";
import type { Options, Sheet } from "write-excel-file/universal";
import { generateXlsxFileSync } from "write-excel-file/universal-sync";

/** An image's Blob as bytes, as write-excel-file/universal converts it. */
const bytesOf = (content: Blob) => content.arrayBuffer().then((buffer) => new Uint8Array(buffer));

/** Money (integer cents) as a sheet's cell: a number shown with separators and two decimals, so a sum in the sheet adds up. */
export const moneyCell = (cents: number, strong = false) => ({ value: cents / 100, type: Number, format: "#,##0.00", ...(strong ? { fontWeight: "bold" as const } : {}) });

/**
 * Sheets as an .xlsx file: write-excel-file/universal's workbook, zipped synchronously. Its toBlob() zips with fflate's
 * async zip(), which hands every file inside over 160 KB to a Web Worker, and the Worker runtime has none ("Worker is
 * not defined": a 500 from a report of about 2,000 rows); this is the same build with fflate's zipSync. Every export
 * writes its workbook here.
 */
export function xlsxBlob(sheets: Sheet<Blob>[], options?: Options<Blob>): Promise<Blob> {
  return generateXlsxFileSync(sheets, options, undefined, bytesOf);
}

/**
 * An .xlsx file's sheets, as read-excel-file/universal's readXlsxFile reads them (the same checks, errors and parser),
 * unzipped synchronously. Its unzip() is fflate's async one, which hands every file inside over 512 KB to a Web Worker,
 * and the Worker runtime has none (a valid import of 1,000 rows with long cells was refused as no Excel file). Every
 * import reads its file here.
 */
export async function readXlsx(input: Blob | ArrayBuffer): Promise<ReadSheet[]> {
  const bytes = new Uint8Array(input instanceof Blob ? await input.arrayBuffer() : input);
  validateLeadingBytes(bytes);
  let contents: Record<string, Uint8Array>;
  try {
    contents = unzipSync(bytes, { filter: (file) => filterZipArchiveEntry({ path: file.name }) });
  } catch (error) {
    // fflate's errors carry a numeric code: the file is no zip, as readXlsxFile reports it
    if (typeof (error as { code?: unknown } | null)?.code !== "number") throw error;
    throw Object.assign(new InvalidInputError("INVALID_ZIP"), { cause: error });
  }
  return parseSpreadsheetContents(undefined, parseXml, contents);
}
