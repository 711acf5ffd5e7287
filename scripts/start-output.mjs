// What `npm start` shows of its child processes (wrangler, vite, the seed, the demo fleet): their known noise is
// dropped, everything else passes, so an error nobody has seen before still shows. Unit-tested in
// scripts/start-output.test.ts against the lines these tools print today.

const ANSI = /\x1b\[[0-9;]*m/g;
export const plain = (line) => line.replace(ANSI, "");

/**
 * Lines that open a block of known noise: the lines after them that are empty or indented (an esbuild code frame, a
 * stack trace, the text of a warning) belong to the block.
 */
const NOISE_BLOCKS = [
  // wrangler/getPlatformProxy: the hub is a Durable Object of this very Worker, which works locally (docs/architecture.md)
  /You have defined bindings to the following internal Durable Objects/,
  // esbuild re-bundling the Remix server build: bare imports of packages marked side-effect free
  /\[ignored-bare-import\]/,
  /Scheduled Workers are not automatically triggered during local development/,
  // offline machines: wrangler asks Cloudflare for a Request.cf placeholder and falls back to its own
  /^Error: getaddrinfo E(NOTFOUND|AI_AGAIN) workers\.cloudflare\.com/,
  /^Your Worker has access to the following bindings:/,
];

/** Single lines of known noise. */
const NOISE_LINES = [
  /^\s*⛅️ wrangler \d/,
  /^─+$/,
  /Unable to fetch the `Request\.cf` object/,
  /^workerd\/server\/server\.c\+\+:\d+: warning: A DurableObjectNamespace in the config referenced the class "FleetHub"/,
  /^Binding\s+Resource\s+Mode\s*$/,
  /^env\.\S+ .*\s(local|remote)\s*$/,
  // start.mjs prints the address itself, once the server answers
  /^\[wrangler:info\] Ready on /,
  /^Using secrets defined in \.dev\.vars$/,
  // another session editing the working tree makes wrangler reload
  /^\[wrangler:info\] (Reloading local server|Local server updated)/,
];

/** A filter for one child's output, line by line: true when the line is shown. */
export function createNoiseFilter() {
  let inBlock = false;
  return (raw) => {
    const line = plain(raw).replace(/\r$/, "");
    if (inBlock && (line.trim() === "" || /^\s/.test(line))) return false;
    inBlock = false;
    if (line.trim() === "") return false;
    if (NOISE_BLOCKS.some((re) => re.test(line))) {
      inBlock = true;
      return false;
    }
    return !NOISE_LINES.some((re) => re.test(line));
  };
}

/** Our own progress lines, and what reads as an error, from a step that succeeded (migrations, seed, build). */
export function shownAfterSuccess(lines) {
  const noise = createNoiseFilter();
  return lines.filter((raw) => {
    if (!noise(raw)) return false;
    const line = plain(raw);
    return line.startsWith("▸") || /^\s*(✘|✗)|\[ERROR\]|^\s*(\w*Error|error):/.test(line);
  });
}

/** Pipes a child's stream into ours line by line, through `show`. */
export function pipeLines(stream, out, show) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) if (show(line)) out.write(`${line}\n`);
  });
  stream.on("end", () => {
    if (rest && show(rest)) out.write(`${rest}\n`);
  });
}
