// Shared by `npm start`, `npm test` and the bench: install what is missing, run commands, prepare a local database.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createNoiseFilter, pipeLines, shownAfterSuccess } from "./start-output.mjs";

export const root = new URL("..", import.meta.url).pathname;
const bin = (name) => `${root}node_modules/.bin/${name}`;

/**
 * Runs a command to its end. With `quiet`, its output is held back: all of it is printed when the command fails,
 * only our own progress lines and errors when it succeeds (scripts/start-output.mjs).
 */
export function run(cmd, args, opts = {}) {
  const { quiet, ...spawnOpts } = opts;
  const stdio = quiet ? ["ignore", "pipe", "pipe"] : "inherit";
  const r = spawnSync(cmd, args, { stdio, cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...spawnOpts, env: { ...process.env, ...opts.env } });
  if (quiet) {
    const lines = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.split("\n");
    const shown = r.status === 0 ? shownAfterSuccess(lines) : lines;
    if (shown.length) console.log(shown.join("\n"));
  }
  if (r.error?.code === "ETIMEDOUT") console.error(`\n✗ ${cmd} ${args.join(" ")} ran past ${opts.timeout / 1000}s and was stopped`);
  if (r.status !== 0 && !opts.allowFail) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${r.status}`);
    process.exit(r.status ?? 1);
  }
  return r.status ?? 1;
}

export const runBin = (name, args, opts) => run(bin(name), args, opts);

/** npm install when node_modules is missing or older than the lockfile (npm install, not npm ci: see STACK.md). */
export function ensureInstalled() {
  const marker = `${root}node_modules/.package-lock.json`;
  const stale = !existsSync(marker) || statSync(`${root}package-lock.json`).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  console.log("▸ installing npm packages…");
  run("npm", ["install", "--no-audit", "--no-fund"], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } });
}

/** Debian's Chromium for the e2e layer, through apt-get when /usr/bin/chromium is absent. */
export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  console.log("▸ installing Debian chromium…");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  run(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "update", "-qq"], { env });
  run(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "install", "-y", "-qq", "chromium", "fonts-noto-cjk"], { env });
}

/** Local secrets for `wrangler dev`, made once per machine and never committed. */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  if (existsSync(file)) return;
  const secret = () => randomBytes(32).toString("hex");
  writeFileSync(
    file,
    [
      "APP_ENV=development",
      `SESSION_SECRET=${secret()}`,
      `ENCODE_PARAM_SECRET=${secret()}`,
      `ZUQI_TOKEN_SECRET=${secret()}`,
      "# CAPTCHA=off switches the captcha off for local scripts and benches",
      "",
    ].join("\n"),
  );
  console.log("▸ wrote .dev.vars with fresh local secrets");
}

export function build({ quiet = false } = {}) {
  console.log(quiet ? "▸ building (about a minute)…" : "▸ building…");
  runBin("remix", ["vite:build"], { env: { NODE_ENV: "production" }, quiet });
}

/** Applies migrations to the local D1 under persistDir, then seeds the demo tenant when it is empty. */
export function prepareDatabase(persistDir, { quiet = false } = {}) {
  const persist = persistDir ? ["--persist-to", persistDir] : [];
  runBin("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { env: { CI: "1" }, quiet });
  runScript("scripts/seed-local.ts", persistDir ? [persistDir] : [], { quiet });
}

/** Runs a TypeScript script that reads the app's registries: through vite-node, whose import.meta.glob they need (scripts/vite-node.config.ts). */
export function runScript(file, args = [], opts = {}) {
  return runBin("vite-node", ["--config", "scripts/vite-node.config.ts", file, ...args], opts);
}

/** The bench's server: the same worker without wrangler dev's DevTools capture, behind wrangler's proxy Worker (scripts/serve.mjs). */
export function spawnMeasuredServer(port, persistDir, vars = {}) {
  return spawn(process.execPath, [`${root}scripts/serve.mjs`, String(port), persistDir, JSON.stringify(vars)], { cwd: root, stdio: "inherit", detached: true, env: serverEnv() });
}

/**
 * The app's local server (npm start, the e2e server) in the background: the Worker without DevTools capture, each
 * connection relayed to its runtime, not through wrangler dev's proxy Worker, which answers concurrent posts with
 * 503 now and then (scripts/serve.mjs --direct). The local secrets come from `.dev.vars` as with wrangler dev.
 * detached puts it in its own process group so the caller can stop it and workerd together with
 * process.kill(-pid); the e2e server keeps it in Playwright's group instead, because Playwright stops its web server
 * by killing that group. `quiet` drops its known noise (start-output.mjs).
 */
export function spawnServer(port, persistDir = ".wrangler/state", extraVars = {}, { detached = true, quiet = false } = {}) {
  const args = [`${root}scripts/serve.mjs`, String(port), persistDir, JSON.stringify(extraVars), "--direct"];
  return spawnQuietly(process.execPath, args, { detached, quiet, env: serverEnv() });
}

/**
 * The JT808 gateway (gateway/src/main.ts, docs/jt808.md) for the Worker on workerPort: terminals connect to
 * gatewayPort over TCP. npm start and the e2e server start it the same way.
 */
export function spawnGateway(workerPort, gatewayPort = 6808, { dataDir = ".wrangler/jt808", quiet = false, detached = false } = {}) {
  const env = { ...process.env, JT808_PORT: String(gatewayPort), JT808_WORKER_URL: `http://127.0.0.1:${workerPort}`, JT808_DATA_DIR: dataDir, JT808_HOST: process.env.JT808_HOST ?? "127.0.0.1" };
  return spawnQuietly(`${root}node_modules/.bin/tsx`, ["gateway/src/main.ts"], { quiet, detached, env });
}

/** A long-running child; with `quiet` its output passes through the noise filter, line by line. */
export function spawnQuietly(cmd, args, { quiet = false, ...opts } = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", ...opts });
  if (quiet) {
    pipeLines(child.stdout, process.stdout, createNoiseFilter());
    pipeLines(child.stderr, process.stderr, createNoiseFilter());
  }
  return child;
}

/**
 * wrangler dev bundles the Worker with NODE_ENV=development unless told otherwise, which puts React's development
 * build (prop checks, warnings) into every server render; what we serve and measure locally is the production
 * build that `wrangler deploy` ships.
 */
export const serverEnv = () => ({ ...process.env, NODE_ENV: "production" });

export async function waitForServer(url, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} did not start within ${timeoutMs / 1000}s`);
}

export const readJson = (f) => JSON.parse(readFileSync(f, "utf8"));
