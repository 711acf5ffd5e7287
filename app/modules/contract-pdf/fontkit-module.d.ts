// fontkit 2 ships no types; the printed contract uses only create() (app/modules/contract-pdf/fontkit.ts).
declare module "fontkit" {
  export function create(bytes: Uint8Array): unknown;
}
