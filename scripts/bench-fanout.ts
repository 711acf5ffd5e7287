// Fan-out latency for `npm run bench`: one position posted through the terminal API → its delta at every open
// monitoring socket, with 1, 100 and 1,000 subscribers connected from this Node process to a real local server
// (the bench's server, so the hub runs in workerd in its own process and the subscribers' work never counts as the hub's).
//
// Two things of the local set-up that production does not have are left out, each measured once beside:
// - permessage-deflate. workerd's local listeners accept it and then compress every frame on the machine's two cores;
//   Cloudflare's edge does not accept it for a Worker's WebSockets (cloudflare/workers-sdk#8908), and the ws
//   library offers it by default. The subscribers do not offer it.
// - wrangler dev's proxy Worker, a second workerd process that every frame crosses (scripts/serve.mjs).
//   The subscribers connect to the Worker's runtime; the position is posted through the proxy, as any request.
// The subscribers are scripts/lean-socket.ts (no permessage-deflate, and less of this process's CPU per frame than
// the ws library, on the same two cores as the hub); the reference line uses ws, which speaks permessage-deflate.
import WebSocket from "ws";
import { fanoutPoint, measureFanout, type FanoutResult, type FanoutSocket } from "./fanout-rounds";
import { openLean } from "./lean-socket";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Options {
  /** the server as users reach it (through wrangler dev's proxy) */
  base: string;
  /** the Worker's runtime (scripts/serve.mjs writes it) */
  runtime: string;
  cookie: string;
  /** terminal numbers of this run start with it (10 characters in all) */
  prefix: string;
}

async function terminal(base: string, cookie: string, terminalNo: string) {
  const secret = `bench-secret-${terminalNo}`;
  const res = await fetch(`${base}/api/device/provision`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ terminals: [{ terminalNo, plate: `沪B${terminalNo}`, secret }] }),
  });
  if (res.status !== 200) throw new Error(`provision answered ${res.status}: ${await res.text()}`);
  const auth = (await (await fetch(`${base}/ingest/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ terminalNo, secret }) })).json()) as { token?: string };
  if (!auth.token) throw new Error(`terminal sign-in failed for ${terminalNo}`);
  return auth.token;
}

/** A socket with permessage-deflate, as a browser offers it (the reference line). */
function openDeflating(url: string, cookie: string, origin: string): Promise<FanoutSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: true, headers: { Cookie: cookie, Origin: origin } });
    ws.once("open", () => resolve({ send: (d) => ws.send(d), onMessage: (h) => ws.on("message", (data) => h(data as Buffer)), close: () => ws.close(1000) }));
    ws.once("error", reject);
  });
}

export interface FanoutCase extends FanoutResult {
  /** the set-up's two extras of the local run are in this figure (the reference line) */
  reference: boolean;
}

export async function fanoutBench({ base, runtime, cookie, prefix }: Options): Promise<FanoutCase[]> {
  const cases = [
    { count: 1, reference: false },
    { count: 100, reference: false },
    { count: 1000, reference: false },
    { count: 1000, reference: true },
  ];
  const out: FanoutCase[] = [];
  for (const [k, { count, reference }] of cases.entries()) {
    const token = await terminal(base, cookie, `${prefix}${String(k).padStart(10 - prefix.length, "0")}`);
    const hub = `${(reference ? base : runtime).replace("http", "ws")}/hub`;
    const result = await measureFanout({
      count,
      // a script's socket sends no Origin (the Worker refuses a foreign one, and the runtime's address is not the page's)
      open: () => (reference ? openDeflating(hub, cookie, base) : openLean(hub, { Cookie: cookie })),
      post: async (r) => {
        const res = await fetch(`${base}/ingest/v1/telemetry`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: fanoutPoint(r) });
        await res.arrayBuffer();
      },
      now: () => performance.now(),
    });
    out.push({ ...result, reference });
    await sleep(500);
  }
  return out;
}
