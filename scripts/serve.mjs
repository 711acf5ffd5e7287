// node scripts/serve.mjs <port> <persistDir> <vars as JSON> [--direct]
// The worker as `wrangler dev` serves it (same bundle, runtime, local D1, R2 and Durable Objects) but with the
// inspector off. wrangler dev always attaches DevTools with the Network domain on: every D1 query's result is
// copied, base64, through its inspector proxy into the Node process and its debug log, which cost a list page about
// 9 ms and three processes' CPU in our measurements, and a deployed Worker never pays it.
//
// It also writes `<persistDir>/runtime-url`, the address of the Worker's own runtime. wrangler dev puts a proxy Worker
// in front of it, in a second workerd process, to hold requests while a reload is under way: every request and every
// frame of a WebSocket crosses it, on the same two cores as the hub.
//
// --direct (npm start, the e2e server): `<port>` is a plain TCP relay to the runtime, each connection its own, and
// the proxy Worker listens on a port of its own choosing, unused. The proxy Worker forwards each request to the
// runtime over connections it keeps open between them; under twenty concurrent posts some of those break
// (workerd: "stream disconnected prematurely") and, a POST not being safe to send twice, the proxy answers 503
// "Your worker restarted mid-request" although the Worker never restarted (measured: 1 to 11 posts in 20 through
// the proxy, none of 160 sent to the runtime itself). A deployed Worker has no such hop. The bench keeps the proxy
// (no --direct), so its figures stay comparable with the ones before (docs/testing.md).
import { writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { unstable_DevEnv } from "wrangler";

const [port, persist, vars, mode] = process.argv.slice(2);
const direct = mode === "--direct";
/** where the relay sends each connection: the runtime's address once it is up (a reload would change it) */
let runtime = null;
const relay = direct ? createServer({ noDelay: true }, relayTo) : null;
let relayOpened = false;
const devEnv = new unstable_DevEnv();
const dispatch = devEnv.dispatch.bind(devEnv);
devEnv.dispatch = (event) => {
  if (event.type === "reloadComplete") {
    const { protocol, hostname, port: runtimePort } = event.proxyData.userWorkerUrl;
    runtime = { host: hostname, port: Number(runtimePort) };
    // the relay opens once there is a runtime to relay to (worker.ready resolves before it on a busy machine)
    if (relay && !relayOpened) {
      relayOpened = true;
      relay.listen(Number(port), "127.0.0.1");
    }
    writeFileSync(join(persist, "runtime-url"), `${protocol}//${hostname}:${runtimePort}`);
  }
  dispatch(event);
};
const worker = await devEnv.startWorker({
  config: new URL("../wrangler.toml", import.meta.url).pathname,
  bindings: Object.fromEntries(Object.entries(JSON.parse(vars ?? "{}")).map(([name, value]) => [name, { type: "plain_text", value: String(value) }])),
  dev: { server: { hostname: "127.0.0.1", port: direct ? 0 : Number(port) }, persist, inspector: false, watch: false, logLevel: "warn" },
});
await worker.ready;

/** One client connection piped to a connection of its own to the runtime; either side closing closes both. */
function relayTo(client) {
  const upstream = createConnection({ ...runtime, noDelay: true });
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close).on("close", close);
  upstream.on("error", close).on("close", close);
}

const stop = async () => {
  relay?.close();
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
