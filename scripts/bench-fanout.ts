// Fan-out latency for `npm run bench`: one position posted through the terminal API → its delta at every open
// monitoring socket, with 1, 100 and 1,000 subscribers connected from this Node process to a real local server
// (wrangler dev, so the hub runs in workerd in its own process and the subscribers' work never counts as the hub's).
import WebSocket from "ws";

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
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

export async function fanoutBench({ base, cookie, prefix }: Options): Promise<{ subscribers: number; p50: number; p99: number; samples: number; expected: number }[]> {
  const ROUNDS = 20;
  const out = [];
  for (const [k, count] of [1, 100, 1000].entries()) {
    const token = await terminal(base, cookie, `${prefix}${String(k).padStart(10 - prefix.length, "0")}`);
    let round = -1;
    let sentAt = 0;
    const got = new Array<number>(count).fill(-1);
    const samples: number[] = [];
    const sockets: WebSocket[] = [];
    for (let s = 0; s < count; s += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, count - s) }, () => open(`${base.replace("http", "ws")}/hub`, cookie, base)));
      for (const [j, ws] of batch.entries()) {
        const idx = s + j;
        ws.on("message", (data) => {
          const m = JSON.parse(String(data)) as { type: string; seq?: number; pos?: number[]; vehicles?: unknown[] };
          if (m.type !== "delta") return;
          ws.send(JSON.stringify({ type: "ack", seq: m.seq }));
          if (round >= 0 && got[idx] !== round && (m.pos?.length || m.vehicles?.length)) {
            got[idx] = round;
            samples.push(performance.now() - sentAt);
          }
        });
        ws.send(JSON.stringify({ type: "watch", vehicles: "all", fields: "map", hz: 10 }));
        sockets.push(ws);
      }
    }
    await sleep(1500);
    for (let r = 0; r < ROUNDS; r++) {
      round = r;
      sentAt = performance.now();
      const res = await fetch(`${base}/ingest/v1/telemetry`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ points: [{ seq: r + 1, t: Date.now() - 1000, lng: 121.3 + r / 1000, lat: 31.2, speed: 40, heading: 90 }] }),
      });
      await res.arrayBuffer();
      for (let w = 0; w < 150 && got.some((g) => g !== r); w++) await sleep(20);
      await sleep(150); // past the 10 Hz gap, so every round is a fresh frame
    }
    for (const ws of sockets) ws.close(1000);
    samples.sort((a, b) => a - b);
    out.push({ subscribers: count, p50: pct(samples, 0.5), p99: pct(samples, 0.99), samples: samples.length, expected: count * ROUNDS });
    await sleep(500);
  }
  return out;
}
