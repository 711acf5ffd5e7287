// The bench's start-up figure: the CPU an isolate spends before it can answer, parsing the Worker and evaluating its
// global scope (the top-level code of every module the entry imports; the pages' build and the PDF renderer are
// imported later, by the requests that need them). Measured as `wrangler check startup` measures it: a fresh local
// runtime imports the bundle under the V8 profiler. The same harness on a Worker with no code of its own gives what
// the runtime and the harness cost, in the same run; the difference is ours. Figures of this machine, not
// Cloudflare's, whose limit is 400 ms (developers.cloudflare.com/workers/platform/limits/#worker-startup-time).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { root, serverEnv } from "./lib.mjs";

const DIR = `${root}.cache/startup`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Busy time of a V8 CPU profile in ms: the samples that found the isolate doing something (not idle), times the
 * sampling interval (the median gap between samples, ~1 ms). Not the sum of those samples' gaps: on a loaded machine
 * the sampler itself waits for a core, and one late sample would count the whole wait as work.
 */
export function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  const busy = profile.samples.filter((id) => !idle.has(id)).length;
  return (busy * median(profile.timeDeltas)) / 1000;
}

function wrangler(args: string[]): string {
  const r = spawnSync(`${root}node_modules/.bin/wrangler`, args, { cwd: root, encoding: "utf8", env: { ...serverEnv(), CI: "1", NO_COLOR: "1" } });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed: ${`${r.stdout}\n${r.stderr}`.split("\n").filter(Boolean).slice(-5).join(" / ")}`);
  return r.stdout;
}

/**
 * Start-up CPU in ms (medians of `rounds` fresh runtimes each, the Workers taking turns): this build's Worker, a
 * trivial one, and the pages' build alone, which the Worker imports at an isolate's first page request (its figure
 * counts a few modules the Worker's global scope has already evaluated by then).
 */
export function startupBench(rounds = 5) {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  // the other Workers are bundled and run like ours: same compatibility date and flags (nodejs_compat brings its
  // polyfills), same minification
  const settings = readFileSync(`${root}wrangler.toml`, "utf8")
    .split("\n")
    .filter((l) => /^(compatibility_(date|flags)|minify|keep_names)\s*=/.test(l));
  const others = {
    trivial: `export default { fetch: () => new Response("ok") };`,
    pages: `import * as build from "../../build/server/index.js";\nexport default { fetch: () => new Response(String(Object.keys(build.routes).length)) };`,
  };
  for (const [name, code] of Object.entries(others)) {
    writeFileSync(`${DIR}/${name}.js`, `${code}\n`);
    writeFileSync(`${DIR}/${name}.toml`, [`name = "${name}"`, `main = "${name}.js"`, ...settings, ""].join("\n"));
    wrangler(["deploy", "--dry-run", "--config", `${DIR}/${name}.toml`, "--outfile", `${DIR}/${name}.bundle`]);
  }
  // the upload `wrangler deploy` would make (multipart, as `check startup --worker` reads it), from the existing build
  wrangler(["deploy", "--dry-run", "--outfile", `${DIR}/app.bundle`]);
  const names = ["app", "trivial", "pages"] as const;
  const runs = { app: [] as number[], trivial: [] as number[], pages: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const name of i % 2 ? [...names].reverse() : names) {
      const profile = `${DIR}/${name}-${i}.cpuprofile`;
      wrangler(["check", "startup", "--worker", `${DIR}/${name}.bundle`, "--outfile", profile]);
      runs[name].push(busyMs(JSON.parse(readFileSync(profile, "utf8")) as CpuProfile));
    }
  }
  return { app: median(runs.app), trivial: median(runs.trivial), pages: median(runs.pages), runs };
}
