// npm start: install if needed, migrate and seed the local D1, build, serve on http://localhost:8787.
import { build, ensureDevVars, ensureInstalled, prepareDatabase, root, runBin, serverEnv } from "./lib.mjs";
import { spawn } from "node:child_process";

ensureInstalled();
ensureDevVars();
prepareDatabase();
build();
console.log("\n  Derrick is starting on http://localhost:8787");
runBin("tsx", ["scripts/seed-local.ts", "--print"]);
console.log("  SMS and e-mail codes go to the outbox (/outbox, administrators) while no provider is set.\n");
const server = spawn(`${root}node_modules/.bin/wrangler`, ["dev", "--port", "8787", "--ip", "127.0.0.1", "--show-interactive-dev-session=false"], { cwd: root, stdio: "inherit", env: serverEnv() });
const stop = () => server.kill("SIGINT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
