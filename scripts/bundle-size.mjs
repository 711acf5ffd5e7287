// npm run bundle: the Worker as `wrangler deploy` would upload it, bundled from the existing build (run
// `npm run build` with NODE_ENV=production first; npm test does). Fails when it is over 2,560 KiB gzipped, when a
// map library is in it, when the pages' server chunk imports the PDF renderer's packages instead of reaching
// them through makePdf's import(), or when it still calls import.meta.glob (docs/architecture.md, "Worker bundle").
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { root, runBin, serverEnv } from "./lib.mjs";

const LIMIT_KIB = 2560;
const GOAL_KIB = 1536;
// browser-only: the engines are .client modules, so the server build must not import these at all
const BROWSER_ONLY = ["mapbox-gl", "maplibre-gl"];
// made into PDFs on demand: only a dynamic import may lead to these from the pages
const ON_DEMAND = ["pdf-lib", "fontkit"];

const out = `${root}.cache/bundle`;
const entry = `${root}build/server/index.js`;
if (!existsSync(entry)) {
  console.error("✗ no server build: run NODE_ENV=production npx remix vite:build first");
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
runBin("wrangler", ["deploy", "--dry-run", "--outdir", out], { quiet: true, env: { ...serverEnv(), CI: "1" } });

// what wrangler measures for "Total Upload": every module, gzipped together (the source maps go up apart)
const modules = readdirSync(out).filter((f) => /\.(m?js|wasm|bin|txt|html|sql)$/.test(f));
const bytes = Buffer.concat(modules.map((f) => readFileSync(`${out}/${f}`)));
const kib = (n) => Math.round(n / 1024).toLocaleString("en");
const size = bytes.length;
const gzip = gzipSync(bytes).length;

const problems = [];
const sources = modules.flatMap((f) => (existsSync(`${out}/${f}.map`) ? JSON.parse(readFileSync(`${out}/${f}.map`, "utf8")).sources : []));
for (const name of BROWSER_ONLY) if (sources.some((s) => s.includes(`node_modules/${name}/`))) problems.push(`${name} is in the Worker (a browser-only module reached the server build)`);
// the app's bundler (Vite) turns import.meta.glob into imports; the Worker's own code is bundled by wrangler (esbuild),
// where it stays a call that fails when the Worker starts: the Worker and the hub must not reach a gathering module
for (const f of modules) if (readFileSync(`${out}/${f}`, "utf8").includes("import.meta.glob(")) problems.push(`${f} calls import.meta.glob: the Worker's own imports reach a module that gathers the domains (only the app's bundler can)`);
const eager = staticImports(entry);
for (const name of ON_DEMAND) if (eager.has(name)) problems.push(`the pages' server chunk imports ${name} statically (make PDFs through makePdf)`);

console.log(`Worker bundle: ${kib(size)} KiB, ${kib(gzip)} KiB gzipped (gate ≤ ${kib(LIMIT_KIB * 1024)} KiB gzipped, goal < ${kib(GOAL_KIB * 1024)})`);
for (const p of problems) console.log(`  ✗ ${p}`);
const ok = gzip <= LIMIT_KIB * 1024 && problems.length === 0;
console.log(ok ? "  ok" : gzip > LIMIT_KIB * 1024 ? "  OVER" : "  FAILED");
process.exit(ok ? 0 : 1);

/** The packages a server-build file loads when it is evaluated: its static imports and those of the chunks it imports statically. */
function staticImports(file, seen = new Set(), packages = new Set()) {
  if (seen.has(file)) return packages;
  seen.add(file);
  // Vite writes a chunk's static imports one a line at its top; `import(` (dynamic) does not match
  for (const [, spec] of readFileSync(file, "utf8").matchAll(/^import\s+(?:[^"'();]*?\s+from\s+)?["']([^"']+)["'];?$/gm)) {
    if (spec.startsWith(".")) staticImports(new URL(spec, `file://${file}`).pathname, seen, packages);
    else packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
  }
  return packages;
}
