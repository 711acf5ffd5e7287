// The sources the tree scans of the unit layer read (db/tenant.test.ts, db/state-literals.test.ts,
// db/stray-writes.test.ts): every .ts and .tsx file under the given folders but the tests, with its path from the
// project's root.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each source file under these folders (from the project's root): its path and its text. */
export function scannedSources(folders: readonly string[]): { file: string; text: string }[] {
  return folders.flatMap((dir) => sources(join(ROOT, dir))).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
}
