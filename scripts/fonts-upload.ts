// `npm run fonts:upload [-- --local]`: puts the printed contract's CJK fonts (ADR 010) into the deployment's FILES bucket.
// The local bucket gets them from the seed (scripts/seed-local.ts); run this once per Cloudflare account, and again
// when the font package changes.
import { PDF_FONTS } from "../app/modules/contract-pdf/fonts.server";
import { root, run } from "./lib.mjs";

const where = process.argv.includes("--local") ? "--local" : "--remote";
for (const font of Object.values(PDF_FONTS)) {
  console.log(`▸ ${font.key} (${where.slice(2)})`);
  run(`${root}node_modules/.bin/wrangler`, ["r2", "object", "put", `derrick-files/${font.key}`, "--file", `${root}node_modules/${font.file}`, "--content-type", "font/ttf", where]);
}
