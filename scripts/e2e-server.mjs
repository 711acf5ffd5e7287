// The app for the e2e layer: a fresh local database under .wrangler/e2e, seeded, served on the given port.
import { rmSync } from "node:fs";
import { E2E_PERSIST, E2E_SCREENS, E2E_VARS } from "../tests/e2e/server-config.mjs";
import { prepareDatabase, root, runScript, spawnServer } from "./lib.mjs";

const port = Number(process.argv[2] ?? 8788);
rmSync(`${root}${E2E_PERSIST}`, { recursive: true, force: true });
prepareDatabase(E2E_PERSIST);
runScript("scripts/screens.ts", ["--json", `${root}${E2E_SCREENS}`]);
const server = spawnServer(port, E2E_PERSIST, E2E_VARS, { detached: false });
const stop = () => {
  server.kill("SIGTERM");
  setTimeout(() => {
    server.kill("SIGKILL");
    process.exit(0);
  }, 5000).unref();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
