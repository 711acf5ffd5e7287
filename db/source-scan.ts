// The tree scans of the unit layer (db/tenant.test.ts, db/state-literals.test.ts, db/stray-writes.test.ts,
// app/ui/control-copies.test.ts): every .ts and .tsx file under the given folders but the tests, read once per scan,
// its hits against the files a scan still excuses.
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
function scannedSources(folders: readonly string[]): { file: string; text: string }[] {
  return folders.flatMap((dir) => sources(join(ROOT, dir))).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
}

/** Files a scan still allows, each with how many places it holds and why. */
export type Excused = Record<string, { count: number; why: string }>;

/**
 * What a scan finds in the sources (`find`: a source's hits, each `line: text`): `stray`, every hit (`file:line: text`)
 * of a file whose count is not the one it is excused for (none unless named), and `stale`, the excused files that hold
 * no such place any more. `skip` names files the scan does not read.
 */
export function scanSources(folders: readonly string[], find: (text: string) => string[], excused: Excused = {}, skip: readonly string[] = []): { stray: string[]; stale: string[] } {
  const found = new Map<string, string[]>();
  for (const { file, text } of scannedSources(folders)) {
    const hits = skip.includes(file) ? [] : find(text);
    if (hits.length) found.set(file, hits);
  }
  return {
    stray: [...found].filter(([file, hits]) => hits.length !== (excused[file]?.count ?? 0)).flatMap(([file, hits]) => hits.map((h) => `${file}:${h}`)),
    stale: Object.keys(excused).filter((file) => !found.has(file)),
  };
}
