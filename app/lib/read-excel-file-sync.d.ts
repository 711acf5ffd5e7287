// read-excel-file 9.3.17 unzips in readXlsxFile and readSheet with fflate's async unzip() (a Web Worker for any file
// inside over 512 KB) and keeps its parser and the checks around that unzip unexported (its unzipFromArrayBufferSync
// is unused and calls then() on unzipSync's object); tsconfig's paths open its modules/ folder to readXlsx
// (app/lib/xlsx.server.ts). Moving or reshaping these in an upgrade fails the build or tests/worker/xlsx-read-large.test.ts.
declare module "read-excel-file/modules/xlsx/parseSpreadsheetContents.js" {
  import type { Sheet } from "read-excel-file/universal";
  export default function parseSpreadsheetContents(createWorkerFunction: undefined, parseXml: unknown, contents: Record<string, Uint8Array>): Promise<Sheet[]>;
}
declare module "read-excel-file/modules/xml/parseXml.js" {
  const parseXml: unknown;
  export default parseXml;
}
declare module "read-excel-file/modules/xlsx/file/validateLeadingBytes.js" {
  export default function validateLeadingBytes(bytes: Uint8Array): void;
}
declare module "read-excel-file/modules/export/filterZipArchiveEntry.js" {
  export default function filterZipArchiveEntry(entry: { path: string }): boolean;
}
