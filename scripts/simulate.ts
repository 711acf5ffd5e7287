// npm run simulate -- --vehicles N --hz H: drives N terminals along routes around Shanghai through the real
// terminal API (/ingest/v1/auth and /ingest/v1/telemetry) of a running Derrick, with stops, idling, overspeed
// bursts, refuels and occasional fault codes. Terminals SIM0000001… are registered in the local database first when
// missing (the same local D1 `npm start` serves). See docs/simulator.md.
import { parseArgs } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../db/schema";
import { organisations, tenants, vehicles } from "../db/schema";
import { sha256Hex } from "../workers/telematics/secret";
import { createRoute, stepVehicle, type SimVehicle } from "./simulator-model";
import { poster, terminalToken } from "./terminal-client";

const { values: args } = parseArgs({
  options: {
    vehicles: { type: "string", default: "20" },
    hz: { type: "string", default: "1" },
    base: { type: "string", default: "http://127.0.0.1:8787" },
    persist: { type: "string" },
    tenant: { type: "string", default: "demo" },
    duration: { type: "string", default: "0" },
    prefix: { type: "string", default: "SIM" },
    seed: { type: "string", default: "1" },
    quiet: { type: "boolean", default: false },
  },
});

const count = Number(args.vehicles);
const hz = Number(args.hz);
if (!Number.isInteger(count) || count < 1 || count > 5000) throw new Error("--vehicles must be 1 to 5000");
if (!(hz > 0 && hz <= 10)) throw new Error("--hz must be above 0 and at most 10");
const prefix = args.prefix!.toUpperCase();
if (!/^[A-Z]{1,3}$/.test(prefix)) throw new Error("--prefix must be 1 to 3 letters");
const base = args.base!.replace(/\/$/, "");
const terminalNoOf = (i: number) => `${prefix}${String(i + 1).padStart(10 - prefix.length, "0")}`;
const secretOf = (no: string) => `sim-secret-${no}`;

/** Registers the simulator's terminals in the local database when they are missing. */
async function register(): Promise<void> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: args.persist ? { path: `${args.persist}/v3` } : true });
  try {
    const db = drizzle(proxy.env.DB, { schema });
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, args.tenant!));
    if (!tenant) throw new Error(`no tenant with code ${args.tenant}; run npm start first`);
    const orgs = await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).where(eq(organisations.tenantId, tenant.id));
    const root = orgs.find((o) => o.parentId === null)!;
    const leaves = orgs.filter((o) => !orgs.some((c) => c.parentId === o.id));
    const numbers = Array.from({ length: count }, (_, i) => terminalNoOf(i));
    const have = new Set<string>();
    for (let i = 0; i < numbers.length; i += 90) {
      const rows = await db.select({ terminalNo: vehicles.terminalNo, tenantId: vehicles.tenantId }).from(vehicles).where(inArray(vehicles.terminalNo, numbers.slice(i, i + 90)));
      for (const r of rows) {
        if (r.tenantId !== tenant.id) throw new Error(`terminal ${r.terminalNo} belongs to another tenant; use another --prefix`);
        have.add(r.terminalNo);
      }
    }
    const missing = numbers.filter((n) => !have.has(n));
    const rows = await Promise.all(
      missing.map(async (no) => {
        const i = numbers.indexOf(no);
        return { tenantId: tenant.id, orgId: (leaves[i % leaves.length] ?? root).id, plate: `模A${no.slice(-5)}`, selfNo: `S${no.slice(-4)}`, terminalNo: no, terminalSecretHash: await sha256Hex(secretOf(no)), state: 1 };
      }),
    );
    // D1 takes at most 100 bound values per statement and a vehicle row binds every column: one row a statement, 50 a batch
    for (let i = 0; i < rows.length; i += 50) {
      const [first, ...rest] = rows.slice(i, i + 50).map((r) => db.insert(vehicles).values(r));
      await db.batch([first!, ...rest]);
    }
    if (missing.length) console.log(`▸ registered ${missing.length} simulator terminals (${terminalNoOf(0)}…)`);
  } finally {
    await proxy.dispose();
  }
}

const post = poster(base);

interface Running {
  no: string;
  token: string | null;
  tokenAt: number;
  sim: SimVehicle;
  seq: number;
}

const stats = { posted: 0, accepted: 0, rejected: 0, duplicates: 0, failed: 0, commands: 0 };

function tokenFor(r: Running): Promise<string | null> {
  return terminalToken(post, r, r.no, secretOf(r.no), (res) => {
    stats.failed++;
    if (!args.quiet) console.error(`✗ ${r.no}: ${res.json?.reason ?? res.status} ${res.json?.message ?? ""}`);
  });
}

async function tick(r: Running, now: number, dt: number) {
  const point = stepVehicle(r.sim, now, dt);
  const token = await tokenFor(r);
  if (!token) return;
  r.seq++;
  const res = await post("/ingest/v1/telemetry", { points: [{ seq: r.seq, ...point }] }, token);
  stats.posted++;
  if (res.status === 401) r.token = null;
  if (res.status !== 200) {
    stats.failed++;
    return;
  }
  stats.accepted += res.json.accepted;
  stats.rejected += res.json.rejected.length;
  stats.duplicates += res.json.duplicates.length;
  for (const c of res.json.commands ?? []) {
    stats.commands++;
    await post("/ingest/v1/commands/result", { results: [{ id: c.id, ok: true, result: `simulated ${c.kind}` }] }, token);
  }
}

await register();
const seed = Number(args.seed);
const fleet: Running[] = Array.from({ length: count }, (_, i) => ({ no: terminalNoOf(i), token: null, tokenAt: 0, seq: Math.floor(Date.now() / 1000), sim: createRoute(i, seed) }));
const periodMs = 1000 / hz;
const endAt = Number(args.duration) > 0 ? Date.now() + Number(args.duration) * 1000 : Number.POSITIVE_INFINITY;
console.log(`▸ simulating ${count} vehicles at ${hz} Hz against ${base}${Number.isFinite(endAt) ? ` for ${args.duration}s` : " (Ctrl+C to stop)"}`);
let stopping = false;
process.on("SIGINT", () => (stopping = true));
process.on("SIGTERM", () => (stopping = true));
const report = setInterval(() => {
  if (!args.quiet) console.log(`  posted ${stats.posted}  accepted ${stats.accepted}  rejected ${stats.rejected}  duplicates ${stats.duplicates}  failed ${stats.failed}  commands ${stats.commands}`);
}, 5000);
let last = Date.now();
while (!stopping && Date.now() < endAt) {
  const now = Date.now();
  const dt = (now - last) / 1000;
  last = now;
  // spread the fleet over the period, a few requests at a time
  const lanes = 16;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < fleet.length; i += lanes) await tick(fleet[i]!, now, dt || 1 / hz).catch(() => stats.failed++);
    }),
  );
  const wait = periodMs - (Date.now() - now);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
clearInterval(report);
console.log(`▸ done: posted ${stats.posted}, accepted ${stats.accepted}, rejected ${stats.rejected}, failed ${stats.failed}`);
process.exit(stats.failed > stats.posted / 2 ? 1 : 0);
