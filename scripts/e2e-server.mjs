// The app for the e2e layer: a fresh local database under .wrangler/e2e, seeded, served on the given port.
import { rmSync } from "node:fs";
import { E2E_PERSIST, E2E_SCREENS, E2E_VARS, jt808PortOf } from "../tests/e2e/server-config.mjs";
import { prepareDatabase, root, runScript, spawnGateway, spawnServer } from "./lib.mjs";

const port = Number(process.argv[2] ?? 8788);
rmSync(`${root}${E2E_PERSIST}`, { recursive: true, force: true });
prepareDatabase(E2E_PERSIST);
runScript("scripts/screens.ts", ["--json", `${root}${E2E_SCREENS}`]);
const server = spawnServer(port, E2E_PERSIST, E2E_VARS, { detached: false });
// started as npm start starts it (tests/e2e/jt808.spec.ts speaks JT808 to it)
const gateway = spawnGateway(port, jt808PortOf(port), { dataDir: `${E2E_PERSIST}/jt808` });
const stop = () => {
  gateway.kill("SIGTERM");
  server.kill("SIGTERM");
  setTimeout(() => {
    server.kill("SIGKILL");
    process.exit(0);
  }, 5000).unref();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  gateway.kill("SIGTERM");
  process.exit(code ?? 0);
});
