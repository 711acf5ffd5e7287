// The fan-out measurement of scripts/bench-fanout.ts: open `count` /hub sockets that watch every vehicle's map fields
// at 10 Hz and ack what the hub asks them to, as the monitoring page does, then post one position per round and time
// how long until its delta reaches each socket. The sockets come from the caller (FanoutSocket), so the rounds know nothing of ws.

/** What the measurement needs of a socket, whichever runtime opened it. */
export interface FanoutSocket {
  send(data: string): void;
  /** each text frame, as its UTF-8 bytes */
  onMessage(handler: (data: Buffer) => void): void;
  close(): void;
}

export interface FanoutResult {
  subscribers: number;
  p50: number;
  p99: number;
  samples: number;
  expected: number;
  /** the measured round whose last frame came latest: its first and last frame (ms after the post) */
  slowest: { first: number; last: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureFanout({
  count,
  open,
  post,
  now,
  rounds = 20,
  warmup = 3,
}: {
  count: number;
  /** opens one /hub socket */
  open: () => Promise<FanoutSocket>;
  /** posts round r's position for the measured terminal, resolving when the post is answered */
  post: (round: number) => Promise<void>;
  /** the clock (workerd's Date.now advances only across I/O, which is what a delta's arrival is) */
  now: () => number;
  rounds?: number;
  /**
   * rounds run first and not counted: right after a thousand snapshots the hub's isolate and this process still
   * collect their garbage, and the first rounds timed that instead of a delta's fan-out
   */
  warmup?: number;
}): Promise<FanoutResult> {
  let round = -1;
  let sentAt = 0;
  const got = new Array<number>(count).fill(-1);
  // each socket's first answer to its watch is a snapshot of every vehicle it may see (thousands in the bench's
  // tenant); the rounds start once all have theirs, so they time one position's delta, not the snapshots' delivery
  const snapshotted = new Array<boolean>(count).fill(false);
  const samples: number[] = [];
  /** first and last arrival of each measured round */
  const spans: { first: number; last: number }[] = [];
  const sockets: FanoutSocket[] = [];
  // One process stands in for a thousand browsers, each of which would answer its own frame at once and in parallel.
  // Here an ack written right away (a syscall each) kept every later screen's frame waiting unread in this one
  // thread, so the acks of a round go out together once the frames read so far are timed: the hub gets them a few
  // milliseconds later, and no screen's arrival time includes another screen's ack.
  let acks: { ws: FanoutSocket; seq: number }[] = [];
  const ack = (ws: FanoutSocket, seq: number) => {
    if (!acks.length) {
      setImmediate(() => {
        const due = acks;
        acks = [];
        for (const a of due) a.ws.send(JSON.stringify({ type: "ack", seq: a.seq }));
      });
    }
    acks.push({ ws, seq });
  };
  for (let s = 0; s < count; s += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - s) }, open));
    for (const [j, ws] of batch.entries()) {
      const idx = s + j;
      ws.onMessage((data) => {
        const at = now(); // the frame's arrival at this screen, before this process looks into it
        // only the frame's head is read as text and the rest searched as bytes: decoding a thousand snapshots of
        // 5,000 vehicles cost this process 6 of its 12 seconds of CPU in a thousand-socket case, and a parsed
        // snapshot left it a heap to collect during the rounds, whose pauses showed up as the hub's latency
        const head = data.toString("latin1", 0, 40);
        const seq = Number(/"seq":(\d+)/.exec(head)?.[1]);
        if (head.startsWith('{"type":"snapshot"')) {
          snapshotted[idx] = true;
          ack(ws, seq);
          return;
        }
        if (!head.startsWith('{"type":"delta"')) return;
        // as the monitoring page does: an ack only for the frames that ask (ACK_EVERY)
        if (data.includes('"ack":1')) ack(ws, seq);
        if (round >= 0 && got[idx] !== round && (data.includes('"pos":[') || data.includes('"vehicles":[{'))) {
          got[idx] = round;
          if (round >= warmup) {
            samples.push(at - sentAt);
            const span = (spans[round - warmup] ??= { first: at - sentAt, last: at - sentAt });
            span.last = Math.max(span.last, at - sentAt);
          }
        }
      });
      ws.send(JSON.stringify({ type: "watch", vehicles: "all", fields: "map", hz: 10 }));
      sockets.push(ws);
    }
  }
  for (let w = 0; w < 1200 && snapshotted.some((done) => !done); w++) await sleep(50);
  await sleep(500);
  for (let r = 0; r < warmup + rounds; r++) {
    round = r;
    sentAt = now();
    await post(r);
    for (let w = 0; w < 150 && got.some((g) => g !== r); w++) await sleep(20);
    await sleep(150); // past the 10 Hz gap, so every round is a fresh frame
  }
  for (const ws of sockets) ws.close();
  samples.sort((a, b) => a - b);
  const pct = (p: number) => (samples.length ? samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]! : NaN);
  const slowest = spans.reduce((a, b) => (b.last > a.last ? b : a), { first: NaN, last: -Infinity });
  return { subscribers: count, p50: pct(0.5), p99: pct(0.99), samples: samples.length, expected: count * rounds, slowest };
}

/** Round r's position: one point a little east of the last, a second old, so each round is a change. */
export const fanoutPoint = (r: number) => JSON.stringify({ points: [{ seq: r + 1, t: Date.now() - 1000, lng: 121.3 + r / 1000, lat: 31.2, speed: 40, heading: 90 }] });
