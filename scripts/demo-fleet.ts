// The demo fleet after `npm start`: the seeded vehicles DRK0000001… (db/seed/telematics.ts, secrets
// demo-secret-<terminal no.>) report through the real terminal API of the running app. Each first sends the few days
// of history it does not have yet (scripts/demo-fleet-history.ts), then drives at 1 Hz (scripts/demo-fleet-model.ts)
// until stopped; the last few stay silent. With --jt808 PORT the vehicle with a JT/T 808 terminal drives through the
// gateway on that port (scripts/demo-fleet-jt808.ts) instead of the HTTP terminal API. Prints only errors and one line
// of what it did (docs/simulator.md).
//   tsx scripts/demo-fleet.ts [--base URL] [--persist DIR] [--jt808 PORT] [--history-days N | --no-history] [--duration S] [--quiet]
import { parseArgs } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { demoTerminalSecret } from "../db/seed/telematics";
import { DemoJt808Terminal } from "./demo-fleet-jt808";
import { beforeFirstReport, historyUnits, postUnit, presentUnits, unitPoints, type FleetVehicle, type HistoryUnit } from "./demo-fleet-history";
import { poster, terminalToken } from "./terminal-client";
import { DEMO_FLEET_SIZE, liveIndexes, liveVehicle, terminalNoOf, towerPoint, windCranePoint, type Carry } from "./demo-fleet-model";
import { DEMO_TOWERS, TOWER_SITE, towerTerminalOf } from "../db/seed/demo-towers";
import { DEMO_WIND_CRANES, WIND_SITE, windTerminalOf } from "../db/seed/demo-wind";
import { stepVehicle, type SimVehicle } from "./simulator-model";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:8787" },
    persist: { type: "string" },
    tenant: { type: "string", default: "demo" },
    jt808: { type: "string" },
    "history-days": { type: "string", default: "3" },
    "no-history": { type: "boolean", default: false },
    duration: { type: "string", default: "0" },
    quiet: { type: "boolean", default: false },
  },
});
const base = args.base!.replace(/\/$/, "");
// today and the days before it; -1: none
const historyDays = args["no-history"] ? -1 : Number(args["history-days"]);
const say = (line: string) => {
  if (!args.quiet) console.log(line);
};

/** The seeded fleet of the tenant, its zone and the history units it still lacks; null when the fleet is not there. */
async function readFleet(): Promise<{ fleet: FleetVehicle[]; units: HistoryUnit[]; present: Set<string>; jt808: { id: number; phone: string } | null } | null> {
  const proxy = await getPlatformProxy<{ DB: D1Database; FILES: R2Bucket }>({ configPath: "wrangler.toml", persist: args.persist ? { path: `${args.persist}/v3` } : true });
  try {
    const db = drizzle(proxy.env.DB, { schema }) as unknown as Db;
    const [tenant] = await db.select({ id: schema.tenants.id, timeZone: schema.tenants.timeZone }).from(schema.tenants).where(eq(schema.tenants.code, args.tenant!));
    if (!tenant) return null;
    const numbers = Array.from({ length: DEMO_FLEET_SIZE }, (_, i) => terminalNoOf(i));
    const rows = await db
      .select({ id: schema.vehicles.id, terminalNo: schema.vehicles.terminalNo, state: schema.vehicles.state, jt808Phone: schema.vehicles.jt808Phone })
      .from(schema.vehicles)
      .where(and(eq(schema.vehicles.tenantId, tenant.id), inArray(schema.vehicles.terminalNo, numbers)));
    const fleet = rows.filter((r) => r.state === 1 && r.terminalNo).map((r) => ({ id: r.id, terminalNo: r.terminalNo!, index: numbers.indexOf(r.terminalNo!) }));
    if (!fleet.length) return null;
    const units = await beforeFirstReport(db, historyUnits(fleet, Date.now(), historyDays, tenant.timeZone));
    const present = await presentUnits(db, proxy.env.FILES, tenant.id, units);
    const jt808 = rows.find((r) => r.state === 1 && r.jt808Phone);
    return { fleet: fleet.sort((a, b) => a.index - b.index), units, present, jt808: jt808 ? { id: jt808.id, phone: jt808.jt808Phone! } : null };
  } finally {
    await proxy.dispose();
  }
}

const post = poster(base);

interface Driving {
  vehicle: FleetVehicle;
  /** it drives through the JT808 gateway, not the HTTP terminal API */
  jt808?: DemoJt808Terminal;
  sim: SimVehicle | null;
  token: string | null;
  tokenAt: number;
  seq: number;
  carry?: Carry;
}

let failures = 0;
function tokenFor(d: Driving): Promise<string | null> {
  const no = d.vehicle.terminalNo;
  return terminalToken(post, d, no, demoTerminalSecret(no), (res) => {
    // one line per vehicle, not one a second
    if (failures++ < DEMO_FLEET_SIZE) console.error(`✗ demo fleet: ${no} cannot sign in: ${res.json?.reason ?? res.status}`);
  });
}

async function waitForApp() {
  for (let i = 0; i < 180; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.status < 500, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no app at ${base}`);
}

const found = await readFleet();
if (!found) {
  console.error(`✗ demo fleet: tenant ${args.tenant} has no seeded vehicles ${terminalNoOf(0)}…; nothing drives`);
  process.exit(0);
}
await waitForApp();
const live = new Set(liveIndexes());
const fleet: Driving[] = found.fleet.map((vehicle) => ({ vehicle, sim: null, token: null, tokenAt: 0, seq: Math.floor(Date.now() / 1000) }));
const jt808Port = Number(args.jt808);
const jt808Driving = args.jt808 && found.jt808 ? fleet.find((d) => d.vehicle.id === found.jt808!.id) : undefined;
if (jt808Driving && Number.isInteger(jt808Port) && jt808Port > 0) {
  const phone = found.jt808!.phone;
  jt808Driving.jt808 = new DemoJt808Terminal({ host: "127.0.0.1", port: jt808Port, phone, codeFile: `${args.persist ?? ".wrangler/state"}/jt808-demo-${phone}.code`, warn: (line) => console.error(line) });
}
let stopping = false;
process.on("SIGINT", () => (stopping = true));
process.on("SIGTERM", () => (stopping = true));
// the parent (npm start) may die without passing a signal on: then this process is handed to another parent
const parent = process.ppid;
setInterval(() => process.ppid !== parent && (stopping = true), 2000).unref();

/** A vehicle's missing history, sent before it joins the live loop (its points are older than its live ones). */
async function prepare(d: Driving, history: { units: number; points: number }) {
  // every day of the window is generated (each goes on from the day before), only the missing ones are sent
  const units = found!.units.filter((u) => u.vehicle.id === d.vehicle.id);
  const points = unitPoints(units);
  // live, it goes on with the odometer and fuel its history ended with
  const last = points.at(-1)?.at(-1);
  if (last) d.carry = { mileage: last.mileage, fuel: last.fuel };
  for (const [i, unit] of units.entries()) {
    if (stopping) return;
    if (found!.present.has(`${unit.vehicle.id}:${unit.day}`)) continue;
    const token = await tokenFor(d);
    if (!token) return;
    // awaited first: `history.points += await …` would read the total before the wait and lose the other lanes' points
    const sent = await postUnit(post, token, unit, points[i]!);
    history.points += sent.accepted;
    history.units++;
  }
}

async function tick(d: Driving, now: number) {
  // not awaited: a gateway slow to answer holds up only this vehicle's reports, not the fleet's second
  if (d.jt808) return void (d.sim && d.jt808.tick(stepVehicle(d.sim, now, 1)));
  const token = await tokenFor(d);
  if (!token || !d.sim) return;
  const res = await post("/ingest/v1/telemetry", { points: [{ seq: ++d.seq, ...stepVehicle(d.sim, now, 1) }] }, token);
  if (res.status === 401) d.token = null;
  else if (res.status !== 200 && failures++ < DEMO_FLEET_SIZE) console.error(`✗ demo fleet: ${d.vehicle.terminalNo} report refused: ${res.status} ${res.json?.reason ?? ""}`);
  for (const c of res.json?.commands ?? []) await post("/ingest/v1/commands/result", { results: [{ id: c.id, ok: true, result: `demo ${c.kind}` }] }, token);
}

const history = { units: 0, points: 0 };
const preparing = (async () => {
  // four vehicles at a time: the first ones drive within seconds while the others send their history
  const queue = [...fleet];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let d = queue.shift(); d && !stopping; d = queue.shift()) {
      await prepare(d, history).catch((e: Error) => console.error(`✗ demo fleet: ${e.message}`));
      // it drives even when its history could not be sent
      if (live.has(d.vehicle.index)) d.sim = Object.assign(liveVehicle(d.vehicle.index), d.carry);
    }
  }));
  if (history.points) say(`  demo fleet: ${history.points} points of history sent for ${history.units} vehicle-days`);
})();

// the rented towers' safety monitors (db/seed/rental/towers.ts), a reading every 2 s; the last tower stands in the yard, silent
const towers = Array.from({ length: DEMO_TOWERS - 1 }, (_, i) => ({ index: i, terminalNo: towerTerminalOf(i), token: null as string | null, tokenAt: 0, seq: Math.floor(Date.now() / 1000), off: false }));
// and the wind farm's cranes (db/seed/rental/wind.ts): their load-moment indicators and anemometers, as often
const windCranes = Array.from({ length: DEMO_WIND_CRANES }, (_, i) => ({ index: i, terminalNo: windTerminalOf(i), token: null as string | null, tokenAt: 0, seq: Math.floor(Date.now() / 1000), off: false, point: windCranePoint, site: WIND_SITE }));
const monitors = [...towers.map((tw) => ({ ...tw, point: towerPoint, site: TOWER_SITE })), ...windCranes];
async function towerTick(tw: (typeof monitors)[number], now: number) {
  if (tw.off) return;
  const token = await terminalToken(post, tw, tw.terminalNo, demoTerminalSecret(tw.terminalNo), () => (tw.off = true));
  if (!token) return;
  const res = await post("/ingest/v1/telemetry", { points: [{ seq: ++tw.seq, ...tw.point(tw.index, tw.site, now) }] }, token);
  if (res.status === 401) tw.token = null;
}
let towerTurn = 0;

const endAt = Number(args.duration) > 0 ? Date.now() + Number(args.duration) * 1000 : Number.POSITIVE_INFINITY;
while (!stopping && Date.now() < endAt) {
  const now = Date.now();
  const moving = fleet.filter((d) => d.sim);
  await Promise.all(moving.map((d) => tick(d, now).catch(() => failures++)));
  if (towerTurn++ % 2 === 0) await Promise.all(monitors.map((tw) => towerTick(tw, now).catch(() => failures++)));
  const wait = 1000 - (Date.now() - now);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
stopping = true;
await preparing;
jt808Driving?.jt808?.close();
process.exit(0);
