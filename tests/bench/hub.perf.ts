// Figures of the telematics path inside workerd, each next to its baseline from the same run (see scripts/bench.ts).
import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from "cloudflare:test";
import { it } from "vitest";
import { vehicles } from "../../db/schema";
import { batch } from "../../db/client";
import { hubFor } from "../../workers/fleet-hub/client";
import type { FleetHub } from "../../workers/fleet-hub/fleet-hub";
import { appendPoint } from "../../workers/fleet-hub/history";
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

it("ingest: positions per second through Worker → FleetHub, next to inserting the same rows into the hub's SQLite", async () => {
  const TOTAL = 20_000;
  const VEHICLES = 20;
  line(`\nIngest of ${TOTAL.toLocaleString("en")} positions from ${VEHICLES} terminals at once (goal ≥ 20,000/s, and ≥ ½ of the raw ceiling at 500)`);
  line(`  ${"batch".padEnd(6)} ${"Worker handler".padStart(15)} ${"via SELF.fetch".padStart(15)} ${"raw SQLite".padStart(12)}  handler / raw`);
  for (const batch of [100, 500]) {
    const rates: number[] = [];
    let points: Point[][] = [];
    let tenantId = 0;
    let commits = 0;
    for (const path of ["handler", "self"] as const) {
      const t = await makeTenant();
      tenantId = t.tenantId;
      const cars = await fleet(t.tenantId, VEHICLES);
      const tokens = await Promise.all(cars.map((c) => terminalToken(c)));
      const perVehicle = TOTAL / VEHICLES;
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
      rates.push(accepted / ((Date.now() - t0) / 1000));
      if (accepted !== TOTAL) throw new Error(`only ${accepted} of ${TOTAL} accepted`);
      if (path === "handler") commits = await hubFor(env, t.tenantId).writeGroupCount();
      const now = Date.now();
      points = bodies.flatMap((list) => list.map((body) => (JSON.parse(body).points as unknown[]).map((p) => (checkV1Point(p, now) as { point: Point }).point)));
    }

    // the ceiling: the same rows, the same statement, straight into the same object's SQLite, in as many commits as
    // the hub made of them on the handler path (its write groups): what is left between the two is the path's own work
    const stub = hubFor(env, tenantId) as unknown as DurableObjectStub<FleetHub>;
    const perCommit = Math.ceil(points.length / Math.max(1, commits));
    const r0 = Date.now();
    for (let g = 0; g < points.length; g += perCommit) {
      await runInDurableObject(stub, (_instance, state) => {
        for (let i = g; i < Math.min(points.length, g + perCommit); i++) for (const p of points[i]!) appendPoint(state.storage.sql, 1_000_000 + i, p);
      });
    }
    const rawRate = TOTAL / ((Date.now() - r0) / 1000);
    const fmt = (r: number) => `${Math.round(r).toLocaleString("en")}/s`;
    const ok = rates[0]! >= 20_000 && (batch !== 500 || rates[0]! >= rawRate / 2);
    line(`  ${String(batch).padEnd(6)} ${fmt(rates[0]!).padStart(15)} ${fmt(rates[1]!).padStart(15)} ${fmt(rawRate).padStart(12)}  ${(rates[0]! / rawRate).toFixed(2)}  ${ok ? "ok" : "OVER"}   (${points.length} batches in ${commits} commits)`);
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
