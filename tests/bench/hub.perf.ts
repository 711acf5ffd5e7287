// Figures of the telematics path inside workerd, each next to its baseline from the same run (see scripts/bench.ts).
import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from "cloudflare:test";
import { it } from "vitest";
import { vehicles } from "../../db/schema";
import { batch } from "../../db/client";
import { hubFor } from "../../workers/fleet-hub/client";
import type { FleetHub } from "../../workers/fleet-hub/fleet-hub";
import { appendPoints } from "../../workers/fleet-hub/history";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import type { ServerMessage } from "../../workers/fleet-hub/protocol";
import { checkV1Point, packPoints, type Point } from "../../workers/telematics/point";
import { sha256Hex } from "../../workers/telematics/secret";
import { db, makeTenant, ORIGIN, signIn } from "../worker/helpers";
import { ingestPost, terminalNo, terminalToken } from "../worker/telematics";

const line = (s: string) => console.log(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** n vehicles with terminals in one batch, then one config reload of the hub. */
async function fleet(tenantId: number, n: number) {
  const made: { id: number; terminalNo: string; secret: string }[] = [];
  for (let i = 0; i < n; i += 50) {
    const rows = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async () => {
        const no = terminalNo();
        return { tenantId, plate: `沪D${no.slice(-5)}`, terminalNo: no, terminalSecretHash: await sha256Hex(`secret-${no}`), state: 1 };
      }),
    );
    const [first, ...rest] = rows.map((r) => db().insert(vehicles).values(r).returning({ id: vehicles.id, terminalNo: vehicles.terminalNo }));
    for (const [r] of (await batch(db(), [first!, ...rest])) as { id: number; terminalNo: string }[][]) made.push({ ...r!, secret: `secret-${r!.terminalNo}` });
  }
  await hubFor(env, tenantId).configChanged();
  return made;
}

const rawPoint = (seq: number, t: number, k: number) => ({ seq, t, lng: 121.3 + (k % 1000) / 5000, lat: 31.1 + (k % 777) / 5000, speed: 40 + (k % 30), heading: k % 360, mileage: 10_000 + k / 100, fuel: 50, rpm: 1400, status: { acc: true } });

/** A terminal's POST handed straight to the Worker's fetch handler: the Worker's own code and its hub RPC, without
 * the local HTTP front (wrangler's proxy, the dev router and asset workers cost ~2 ms a request here and nothing of
 * that runs in our code). */
async function postToWorker(token: string, body: string): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/ingest/v1/telemetry`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body });
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** One timed ingest on a fresh tenant (its own hub): VEHICLES terminals posting at once, `batch` points a post. */
async function ingestRun(path: "handler" | "self", total: number, vehicles: number, batch: number) {
  const t = await makeTenant();
  const cars = await fleet(t.tenantId, vehicles);
  const tokens = await Promise.all(cars.map((c) => terminalToken(c)));
  const perVehicle = total / vehicles;
  const start = Date.now() - 3 * 3600_000;
  const bodies = cars.map((_, v) =>
    Array.from({ length: perVehicle / batch }, (_, b) => JSON.stringify({ points: Array.from({ length: batch }, (_, i) => rawPoint(b * batch + i + 1, start + (b * batch + i) * 100, v * 1000 + i)) })),
  );
  const t0 = Date.now();
  let accepted = 0;
  let reported = 0;
  await Promise.all(
    cars.map(async (_, v) => {
      for (const body of bodies[v]!) {
        const res = path === "handler" ? await postToWorker(tokens[v]!, body) : await ingestPost("/ingest/v1/telemetry", null, tokens[v], body);
        const answer = (await res.json()) as { accepted: number };
        if (answer.accepted !== batch && !reported++) line(`  refused: ${res.status} ${JSON.stringify(answer).slice(0, 400)}`);
        accepted += answer.accepted;
      }
    }),
  );
  const rate = accepted / ((Date.now() - t0) / 1000);
  if (accepted !== total) throw new Error(`only ${accepted} of ${total} accepted`);
  // the events and roll-ups this run queued for the business database go now: left to the hub's alarm (a second
  // later), they were written to D1, in this same process, while the next run was being timed
  await hubFor(env, t.tenantId).flush();
  // the batches as they arrived: each terminal's next one in turn
  const now = Date.now();
  const batches: { vehicle: number; points: Point[] }[] = [];
  for (let b = 0; b < perVehicle / batch; b++) {
    bodies.forEach((list, vehicle) => batches.push({ vehicle, points: (JSON.parse(list[b]!).points as unknown[]).map((p) => (checkV1Point(p, now) as { point: Point }).point) }));
  }
  return { rate, tenantId: t.tenantId, commits: await hubFor(env, t.tenantId).writeGroupCount(), batches };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

it("ingest: positions per second through Worker → FleetHub, next to inserting the same rows into the hub's SQLite", async () => {
  const TOTAL = 40_000;
  const VEHICLES = 20;
  const RUNS = 5;
  line(`\nIngest of ${TOTAL.toLocaleString("en")} positions from ${VEHICLES} terminals at once, ${RUNS} runs on fresh hubs, each followed by its raw ceiling; medians (goal ≥ 20,000/s, and ≥ ½ of the raw ceiling at 500)`);
  line(`  ${"batch".padEnd(6)} ${"Worker handler".padStart(15)} ${"via SELF.fetch".padStart(15)} ${"raw SQLite".padStart(12)}  handler / raw`);
  // the code paths compiled and optimised first: a steady rate is the figure, not the first second of a cold isolate
  await ingestRun("handler", 4_000, VEHICLES, 100);
  for (const batch of [100, 500]) {
    const runs: { rate: number; raw: number; commits: number; batches: number }[] = [];
    for (let r = 0; r < RUNS; r++) {
      const run = await ingestRun("handler", TOTAL, VEHICLES, batch);
      // the ceiling: the same rows, the same statements, straight into the same object's SQLite, in as many commits
      // as the hub made of them (its write groups), each terminal's rows under a vehicle id of its own (the hub has
      // them already) and in the order they arrived: what is left between the two is the path's own work. Right
      // after the run, on its hub, so that both see the machine alike and no run's points stay in the heap while
      // the next one is timed.
      const stub = hubFor(env, run.tenantId) as unknown as DurableObjectStub<FleetHub>;
      const perCommit = Math.ceil(run.batches.length / Math.max(1, run.commits));
      const r0 = Date.now();
      for (let g = 0; g < run.batches.length; g += perCommit) {
        await runInDurableObject(stub, (_instance, state) => {
          for (const { vehicle, points } of run.batches.slice(g, g + perCommit)) appendPoints(state.storage.sql, 1_000_000 + vehicle, points);
        });
      }
      runs.push({ rate: run.rate, raw: TOTAL / ((Date.now() - r0) / 1000), commits: run.commits, batches: run.batches.length });
    }
    // through the local HTTP front (the pool's loopback), a reference only: fewer positions, it is slow
    const self = await ingestRun("self", TOTAL / 2, VEHICLES, batch);
    const rate = median(runs.map((r) => r.rate));
    // each run against the ceiling measured right after it on its hub, so that a slower stretch of this machine weighs
    // on both sides of a ratio; the median of the runs' ratios decides
    const ratio = median(runs.map((r) => r.rate / r.raw));
    const fmt = (r: number) => `${Math.round(r).toLocaleString("en")}/s`;
    const ok = rate >= 20_000 && (batch !== 500 || ratio >= 0.5);
    line(
      `  ${String(batch).padEnd(6)} ${fmt(rate).padStart(15)} ${fmt(self.rate).padStart(15)} ${fmt(median(runs.map((r) => r.raw))).padStart(12)}  ${ratio.toFixed(2)}  ${ok ? "ok" : "OVER"}   (runs ${runs.map((r) => `${fmt(r.rate)} / ${fmt(r.raw)}`).join(", ")}; ${runs[0]!.batches} batches in ${runs.map((r) => r.commits).join("/")} commits)`,
    );
  }
});

it("bytes per second to one monitoring client watching 500 vehicles moving at 1 Hz", async () => {
  const VEHICLES = 500;
  const SECONDS = 8;
  line(`\nOne client watching ${VEHICLES} vehicles that each move once a second (goal < 20 KB/s)`);
  for (const fields of ["all", "map"] as const) {
    const t = await makeTenant();
    const cars = await fleet(t.tenantId, VEHICLES);
    const hub = hubFor(env, t.tenantId);
    const cookie = await signIn(t.account, t.password);
    const res = await SELF.fetch(`${ORIGIN}/hub`, { headers: { Upgrade: "websocket", Cookie: cookie } });
    const ws = res.webSocket!;
    ws.accept();
    let bytes = 0;
    let counting = false;
    let frames = 0;
    ws.addEventListener("message", (e) => {
      const m = JSON.parse(e.data as string) as ServerMessage;
      if ((m.type === "delta" || m.type === "snapshot") && m.ack === 1) ws.send(JSON.stringify({ type: "ack", seq: m.seq }));
      if (counting && m.type === "delta") {
        bytes += new TextEncoder().encode(e.data as string).length;
        frames++;
      }
    });
    ws.send(JSON.stringify({ type: "watch", vehicles: "all", counts: true, fields, hz: 1 }));
    const now = () => Date.now();
    const move = async (second: number) =>
      Promise.all(
        cars.map((c, i) => {
          const p = (checkV1Point(rawPoint(second + 1, now() - 500, i * 7 + second * 13), now()) as { point: Point }).point;
          return hub.ingest({ tenantId: t.tenantId, vehicleId: c.id, points: packPoints([p]) });
        }),
      );
    await move(0);
    await sleep(1500);
    counting = true;
    const t0 = now();
    for (let s = 1; s <= SECONDS; s++) {
      const tick = now();
      await move(s);
      await sleep(Math.max(0, 1000 - (now() - tick)));
    }
    await sleep(1100);
    counting = false;
    const seconds = (now() - t0) / 1000;
    line(`  fields ${fields.padEnd(4)} ${(bytes / 1024 / seconds).toFixed(1).padStart(7)} KB/s in ${frames} frames over ${seconds.toFixed(1)} s  ${fields === "map" ? (bytes / 1024 / seconds < 20 ? "ok" : "OVER") : "(baseline: every field)"}`);
    ws.close(1000);
  }
});
