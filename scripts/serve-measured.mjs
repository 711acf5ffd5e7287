// node scripts/serve-measured.mjs <port> <persistDir> <vars as JSON>
// The worker as `wrangler dev` serves it (same bundle, runtime, local D1, R2 and Durable Objects) but with the
// inspector off. wrangler dev always attaches DevTools with the Network domain on: every D1 query's result is
// copied, base64, through its inspector proxy into the Node process and its debug log, which cost a list page about
// 9 ms and three processes' CPU in our measurements, and a deployed Worker never pays it. The bench measures this.
//
// It also writes `<persistDir>/runtime-url`, the address of the Worker's own runtime. wrangler dev puts a proxy Worker
// in front of it, in a second workerd process, to hold requests while a reload is under way: every frame of a
// WebSocket crosses it, on the same two cores as the hub. The fan-out bench connects its subscribers to the runtime.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_DevEnv } from "wrangler";

const [port, persist, vars] = process.argv.slice(2);
const devEnv = new unstable_DevEnv();
const dispatch = devEnv.dispatch.bind(devEnv);
devEnv.dispatch = (event) => {
  if (event.type === "reloadComplete") {
    const { protocol, hostname, port: runtimePort } = event.proxyData.userWorkerUrl;
    writeFileSync(join(persist, "runtime-url"), `${protocol}//${hostname}:${runtimePort}`);
  }
  dispatch(event);
};
const worker = await devEnv.startWorker({
  config: new URL("../wrangler.toml", import.meta.url).pathname,
  bindings: Object.fromEntries(Object.entries(JSON.parse(vars ?? "{}")).map(([name, value]) => [name, { type: "plain_text", value: String(value) }])),
  dev: { server: { hostname: "127.0.0.1", port: Number(port) }, persist, inspector: false, watch: false, logLevel: "warn" },
});
await worker.ready;
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
