// npm start: install if needed, migrate and seed the local D1, build, serve on http://localhost:8787 (PORT=…), and
// drive the seeded demo fleet through the terminal API (`npm start -- --quiet-fleet` or DEMO_FLEET=off: not).
// The child processes' known noise is dropped (scripts/start-output.mjs); their errors still show.
import { build, ensureDevVars, ensureInstalled, prepareDatabase, root, runScript, spawnGateway, spawnQuietly, spawnServer, waitForServer } from "./lib.mjs";

const port = Number(process.env.PORT || 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`✗ PORT must be a port number, not ${process.env.PORT}`);
  process.exit(1);
}
const jt808Port = Number(process.env.JT808_PORT || 6808);
if (!Number.isInteger(jt808Port) || jt808Port < 1 || jt808Port > 65535) {
  console.error(`✗ JT808_PORT must be a port number, not ${process.env.JT808_PORT}`);
  process.exit(1);
}
const fleetOn = !process.argv.includes("--quiet-fleet") && !/^(off|0|false|no)$/i.test(process.env.DEMO_FLEET ?? "");

ensureInstalled();
ensureDevVars();
console.log("▸ preparing the local database…");
prepareDatabase(undefined, { quiet: true });
build({ quiet: true });
console.log("▸ starting the server…");
const server = spawnServer(port, undefined, {}, { detached: false, quiet: true });
// the JT808 gateway beside the Worker: terminals of the national standard connect to it over TCP
const gateway = spawnGateway(port, jt808Port, { quiet: true });
let fleet = null;
const stop = () => {
  fleet?.kill("SIGTERM");
  gateway.kill("SIGTERM");
  server.kill("SIGINT");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("exit", () => {
  fleet?.kill("SIGTERM");
  gateway.kill("SIGTERM");
});
server.on("exit", (code) => {
  fleet?.kill("SIGTERM");
  gateway.kill("SIGTERM");
  process.exit(code ?? 0);
});

await waitForServer(`http://127.0.0.1:${port}/login`, 180_000);
console.log(`\n  Derrick is running on http://localhost:${port}`);
runScript("scripts/seed-local.ts", ["--print"]);
console.log(`  JT/T 808 terminals connect to the gateway on port ${jt808Port} (JT808_PORT; docs/jt808.md).`);
console.log("  SMS and e-mail codes go to the outbox (/outbox, administrators) while no provider is set.");
if (fleetOn) {
  fleet = spawnQuietly(`${root}node_modules/.bin/tsx`, ["scripts/demo-fleet.ts", "--base", `http://127.0.0.1:${port}`, "--jt808", String(jt808Port)], { quiet: true });
  console.log("  The demo fleet is driving: DRK0000001… report once a second (设备监控 /equipmentMonitor), with a few days of history");
  console.log("  for playback and the heat map; DRK0000027 carries a JT/T 808 terminal and reports through the gateway every 5 s.");
  console.log("  To start without it: npm start -- --quiet-fleet (or DEMO_FLEET=off).");
} else console.log("  The demo fleet stays parked (--quiet-fleet / DEMO_FLEET=off).");
console.log("  Stop with Ctrl+C.\n");
