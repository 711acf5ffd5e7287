// Fan-out latency for `npm run bench`: one position posted through the terminal API → its delta at every open
// monitoring socket, with 1, 100 and 1,000 subscribers connected from this Node process to a real local server
// (the bench's server, so the hub runs in workerd in its own process and the subscribers' work never counts as the hub's).
import WebSocket from "ws";
import { fanoutPoint, measureFanout, type FanoutResult } from "./fanout-rounds";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Options {
  base: string;
  cookie: string;
  /** terminal numbers of this run start with it (10 characters in all) */
  prefix: string;
}

async function terminal(base: string, cookie: string, terminalNo: string) {
  const secret = `bench-secret-${terminalNo}`;
  const res = await fetch(`${base}/api/device/provision`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ terminals: [{ terminalNo, plate: `沪B${terminalNo.slice(-5)}`, secret }] }),
  });
  if (res.status !== 200) throw new Error(`provision answered ${res.status}: ${await res.text()}`);
  const auth = (await (await fetch(`${base}/ingest/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ terminalNo, secret }) })).json()) as { token?: string };
  if (!auth.token) throw new Error(`terminal sign-in failed for ${terminalNo}`);
  return auth.token;
}

function open(url: string, cookie: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Cookie: cookie, Origin: origin } });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

export async function fanoutBench({ base, cookie, prefix }: Options): Promise<FanoutResult[]> {
  const out = [];
  for (const [k, count] of [1, 100, 1000].entries()) {
    const token = await terminal(base, cookie, `${prefix}${String(k).padStart(10 - prefix.length, "0")}`);
    out.push(
      await measureFanout({
        count,
        open: async () => {
          const ws = await open(`${base.replace("http", "ws")}/hub`, cookie, base);
          return { send: (d) => ws.send(d), onMessage: (h) => ws.on("message", (data) => h(String(data))), close: () => ws.close(1000) };
        },
        post: async (r) => {
          const res = await fetch(`${base}/ingest/v1/telemetry`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: fanoutPoint(r) });
          await res.arrayBuffer();
        },
        now: () => performance.now(),
      }),
    );
    await sleep(500);
  }
  return out;
}
