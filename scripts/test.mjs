// npm test: install what is missing, build, run the unit (Node), worker (workerd) and e2e (Chromium) layers,
// then print one line that totals all three: "N passed, N failed".
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { build, ensureChromium, ensureInstalled, readJson, root, runBin } from "./lib.mjs";

ensureInstalled();
ensureChromium();
build();

const out = `${root}.cache/test-results`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const layers = [];
// A layer that hangs is stopped (SIGTERM) and counted as failed, so CI always reaches the summary line.
const LAYER_TIMEOUT_MS = 20 * 60_000;
function vitestLayer(project) {
  const file = `${out}/${project}.json`;
  console.log(`\n━━ ${project === "node" ? "unit layer (Node)" : "worker layer (workerd: D1, R2, Durable Objects)"} ━━`);
  const status = runBin("vitest", ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], { allowFail: true, timeout: LAYER_TIMEOUT_MS });
  if (!existsSync(file)) return layers.push({ name: project, passed: 0, failed: 1, crashed: status });
  const r = readJson(file);
  layers.push({ name: project, passed: r.numPassedTests, failed: r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1), crashed: 0 });
}

vitestLayer("node");
vitestLayer("workers");

console.log("\n━━ end-to-end layer (Playwright + Chromium) ━━");
const e2eFile = `${out}/e2e.json`;
runBin("playwright", ["test"], { allowFail: true, timeout: LAYER_TIMEOUT_MS });
if (existsSync(e2eFile)) {
  const s = readJson(e2eFile).stats;
  layers.push({ name: "e2e", passed: s.expected + s.flaky, failed: s.unexpected, crashed: 0 });
} else layers.push({ name: "e2e", passed: 0, failed: 1, crashed: 1 });

console.log("");
for (const l of layers) console.log(`  ${l.name.padEnd(8)} ${l.passed} passed, ${l.failed} failed`);
const passed = layers.reduce((n, l) => n + l.passed, 0);
const failed = layers.reduce((n, l) => n + l.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
