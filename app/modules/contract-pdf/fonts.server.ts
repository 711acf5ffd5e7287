import type { PrintFonts } from "./render.server";

/**
 * The CJK fonts the printed contract embeds (ADR 010): Noto Sans SC (SIL OFL), 10 MB each, kept in R2 rather than in
 * the Worker's bundle. `npm run fonts:upload` (and the local seed) put them there from the npm package
 * @expo-google-fonts/noto-sans-sc; a PDF embeds only the glyphs it prints.
 */
export const PDF_FONTS = {
  regular: { key: "fonts/NotoSansSC-Regular.ttf", file: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf" },
  bold: { key: "fonts/NotoSansSC-Bold.ttf", file: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf" },
} as const;

export class PdfFontMissing extends Error {
  constructor(readonly key: string) {
    super(`the PDF font ${key} is not in the FILES bucket: run npm run fonts:upload`);
  }
}

// the isolate keeps the bytes between requests (20 MB), checked against the object's etag on each read
const cache = new Map<string, { etag: string; bytes: Uint8Array }>();

async function readFont(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const hit = cache.get(key);
  const object = await bucket.get(key, hit ? { onlyIf: { etagDoesNotMatch: hit.etag } } : undefined);
  if (!object) return null;
  if (!("body" in object)) return hit!.bytes;
  const bytes = new Uint8Array(await object.arrayBuffer());
  cache.set(key, { etag: object.etag, bytes });
  return bytes;
}

/** Both faces from R2; throws PdfFontMissing without the regular one (the bold one is optional). */
export async function loadPdfFonts(bucket: R2Bucket): Promise<PrintFonts> {
  const [regular, bold] = await Promise.all([readFont(bucket, PDF_FONTS.regular.key), readFont(bucket, PDF_FONTS.bold.key)]);
  if (!regular) throw new PdfFontMissing(PDF_FONTS.regular.key);
  return { regular, bold: bold ?? undefined };
}

/** Puts the fonts into the bucket when they are not there yet (the seed and the upload script); `read` gives a font file's bytes. */
export async function installPdfFonts(bucket: Pick<R2Bucket, "head" | "put">, read: (file: string) => Uint8Array | Promise<Uint8Array>): Promise<string[]> {
  const put: string[] = [];
  for (const font of Object.values(PDF_FONTS)) {
    if (await bucket.head(font.key)) continue;
    await bucket.put(font.key, await read(font.file), { httpMetadata: { contentType: "font/ttf" } });
    put.push(font.key);
  }
  return put;
}
