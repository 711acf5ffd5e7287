// write-excel-file 4.1.1 builds its universal export with generateXlsxFileAsync (fflate's async zip, Web Workers) and
// keeps the synchronous twin unexported; tsconfig's paths map this name to that module (app/lib/xlsx.server.ts).
// Moving or reshaping it in an upgrade fails the build or tests/worker/xlsx-large.test.ts.
declare module "write-excel-file/universal-sync" {
  export function generateXlsxFileSync(arg1: unknown, arg2: unknown, arg3: unknown, convert: (content: Blob) => Promise<Uint8Array>): Promise<Blob>;
}
