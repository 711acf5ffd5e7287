// npm test: install what is missing, run the gates (tsc, ESLint, import boundaries), build, run the unit (Node),
// worker (workerd) and e2e (Chromium) layers, then print one line that totals them all: "N passed, N failed".
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { build, ensureChromium, ensureInstalled, readJson, root, run, runBin } from "./lib.mjs";

ensureInstalled();

// Gates: each is one test in the totals. A failing gate fails the run, but the layers still run, so one CI run
// shows everything. Their commands are the package.json scripts of the same names.
const GATE_TIMEOUT_MS = 10 * 60_000;
const started = Date.now();
/** Wall seconds of each step, printed in the summary: where the suite's minutes go (docs/testing.md, 'Suite time'). */
const seconds = {};
function timed(name, step) {
  const t0 = Date.now();
  try {
    return step();
  } finally {
    seconds[name] = (Date.now() - t0) / 1000;
  }
}
const gates = ["typecheck", "lint", "boundaries"].map((name) => {
  console.log(`\n━━ gate: ${name} ━━`);
  const ok = timed(name, () => run("npm", ["run", "--silent", name], { allowFail: true, timeout: GATE_TIMEOUT_MS })) === 0;
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
});

timed("chromium", ensureChromium);
timed("build", build);
// the Worker bundle's gate measures the build, so it runs after it (scripts/bundle-size.mjs)
console.log("\n━━ gate: bundle ━━");
const bundleOk = timed("bundle", () => run("npm", ["run", "--silent", "bundle"], { allowFail: true, timeout: GATE_TIMEOUT_MS })) === 0;
gates.push({ name: "bundle", passed: bundleOk ? 1 : 0, failed: bundleOk ? 0 : 1 });

const out = `${root}.cache/test-results`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const layers = [...gates];
// Tests that failed and then passed on a retry, by name: they count as passed, and the summary lists them.
const flaky = [];
// Tests that failed, by name: the summary ends with them, so the last lines of a CI log say what broke.
const failedNames = [];
// A layer that hangs is stopped (SIGTERM) and counted as failed, so CI always reaches the summary line. 40 minutes: the
// workers layer crossed 30 on a loaded machine (2026-12-04), and the guard is against a hang, not a slow run; a hang
// still leaves CI time for the summary within its 90.
const LAYER_TIMEOUT_MS = 40 * 60_000;
function vitestLayer(project) {
  const file = `${out}/${project}.json`;
  console.log(`\n━━ ${project === "node" ? "unit layer (Node)" : "worker layer (workerd: D1, R2, Durable Objects)"} ━━`);
  const flakyFile = `${out}/${project}-flaky.json`;
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`, "--reporter=./scripts/flaky-reporter.mjs"];
  const status = runBin("vitest", ["run", "--project", project, ...reporters], { allowFail: true, timeout: LAYER_TIMEOUT_MS, env: { VITEST_FLAKY_FILE: flakyFile } });
  if (existsSync(flakyFile)) flaky.push(...readJson(flakyFile));
  if (!existsSync(file)) return layers.push({ name: project, passed: 0, failed: 1, crashed: status });
  const r = readJson(file);
  for (const f of r.testResults ?? []) {
    const where = relative(root, f.name);
    const failedTests = (f.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) failedNames.push(`${where} › ${[...t.ancestorTitles, t.title].join(" › ")}`);
    if (f.status === "failed" && failedTests.length === 0) failedNames.push(`${where} (${(f.message ?? "failed to run").split("\n")[0]})`);
  }
  layers.push({ name: project, passed: r.numPassedTests, failed: r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1), crashed: 0 });
}

timed("node", () => vitestLayer("node"));
timed("workers", () => vitestLayer("workers"));

console.log("\n━━ end-to-end layer (Playwright + Chromium) ━━");
const e2eFile = `${out}/e2e.json`;
timed("e2e", () => runBin("playwright", ["test"], { allowFail: true, timeout: LAYER_TIMEOUT_MS }));
if (existsSync(e2eFile)) {
  const report = readJson(e2eFile);
  const s = report.stats;
  layers.push({ name: "e2e", passed: s.expected + s.flaky, failed: s.unexpected, crashed: 0 });
  flaky.push(...playwrightTests(report, "flaky"));
  failedNames.push(...playwrightTests(report, "unexpected"));
} else layers.push({ name: "e2e", passed: 0, failed: 1, crashed: 1 });

console.log("");
const wall = (name) => (name in seconds ? `${seconds[name].toFixed(0).padStart(5)} s` : "");
for (const l of layers) console.log(`  ${l.name.padEnd(11)} ${`${l.passed} passed, ${l.failed} failed`.padEnd(24)} ${wall(l.name)}`);
for (const name of ["chromium", "build"]) if (seconds[name] >= 1) console.log(`  ${name.padEnd(11)} ${"".padEnd(24)} ${wall(name)}`);
console.log(`  ${"wall".padEnd(11)} ${"".padEnd(24)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s (install not counted)`);
for (const name of flaky) console.log(`  flaky: ${name}`);
for (const name of failedNames) console.log(`  FAILED: ${name}`);
const passed = layers.reduce((n, l) => n + l.passed, 0);
const failed = layers.reduce((n, l) => n + l.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** Names (`<file> › <describe…> › <title>`) of the tests in a Playwright JSON report with this status: "flaky" for one
 * that failed and then passed on a retry, "unexpected" for one that failed. */
function playwrightTests(report, status) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) if (t.status === status) names.push([spec.file, ...titles, spec.title].join(" › "));
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // a file's top suite is titled with the file's name, which the spec's own `file` already gives
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  return names;
}
