/**
 * The JT808 gateway's side of the Worker (docs/jt808.md, "Gateway and Worker"): /ingest/gateway/v1/register,
 * /authenticate, /batch, /commands and /commands/state. The gateway (gateway/, a Node service: a Worker cannot accept
 * raw TCP) speaks JT/T 808 to the terminals and these JSON calls to the Worker with one credential for all its
 * terminals, `Authorization: Bearer <JT808_GATEWAY_SECRET>`. It is trusted to name the terminal of each report (it
 * authenticated the connection with the terminal's code from this Worker), never to choose a tenant: every phone is
 * looked up here, and a phone no vehicle has is refused item by item.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { batch as inBatch, changedRows, getDb } from "../../db/client";
import { terminalCommands, vehicles } from "../../db/schema";
import { COMMAND_STATE, ENABLED } from "../../db/states";
import { sameTenant } from "../../db/tenant";
import { phoneKey } from "./phone";
import type { Env } from "../env";
import { hubFor } from "../fleet-hub/client";
import { json, parseJson, refuse } from "./http";
import { checkV1Point, packPoints, type Point, type Rejection } from "./point";
import { hexOf, sameHex, sha256Hex } from "./secret";

/** reports (points and heartbeats) a gateway batch may carry, and its bytes */
export const GATEWAY_MAX_POINTS = 2000;
export const GATEWAY_MAX_BYTES = 4 * 1024 * 1024;
/** commands one poll hands over */
const COMMANDS_PER_POLL = 500;
/** the registration result codes of JT/T 808 0x8100 */
export const REGISTER = { ok: 0, noSuchVehicle: 2, alreadyRegistered: 3, noSuchTerminal: 4 } as const;

/** A command a terminal may still be handed: waiting (pending) and not past its expiry (both delivery paths ask this). */
export const waitingToSend = (now: number) =>
  and(eq(terminalCommands.state, COMMAND_STATE.pending), or(isNull(terminalCommands.expiresAt), gt(terminalCommands.expiresAt, now)));


let gatewayDigest: { secret: string; digest: string } | null = null;

/** The gateway's credential, checked in constant time against the digest of JT808_GATEWAY_SECRET. */
async function gatewayAllowed(request: Request, env: Env): Promise<boolean> {
  const secret = env.JT808_GATEWAY_SECRET ?? (env.APP_ENV === "production" ? "" : LOCAL_GATEWAY_SECRET);
  if (!secret) return false;
  if (gatewayDigest?.secret !== secret) gatewayDigest = { secret, digest: await sha256Hex(secret) };
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  return !!token && sameHex(await sha256Hex(token), gatewayDigest.digest);
}

/** The credential a local gateway and Worker share when neither has JT808_GATEWAY_SECRET (never in production). */
export const LOCAL_GATEWAY_SECRET = "derrick-local-jt808-gateway-secret";

async function body(request: Request): Promise<Record<string, unknown> | Response> {
  if (Number(request.headers.get("Content-Length") ?? "0") > GATEWAY_MAX_BYTES) return refuse(413, "batch_too_large", `a gateway call is at most ${GATEWAY_MAX_BYTES} bytes`);
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > GATEWAY_MAX_BYTES) return refuse(413, "batch_too_large", `a gateway call is at most ${GATEWAY_MAX_BYTES} bytes`);
  const parsed = parseJson(new TextDecoder().decode(buffer));
  if (parsed instanceof Response) return parsed;
  if (!parsed.value || typeof parsed.value !== "object" || Array.isArray(parsed.value)) return refuse(400, "bad_request", "the body must be a JSON object");
  return parsed.value as Record<string, unknown>;
}

const vehicleOfPhone = (env: Env, phone: string) =>
  getDb(env)
    .select({ id: vehicles.id, tenantId: vehicles.tenantId, state: vehicles.state, authHash: vehicles.jt808AuthHash })
    .from(vehicles)
    .where(eq(vehicles.jt808Phone, phone))
    .get();

/** A fresh authentication code: 96 random bits as 24 hex digits (the terminal keeps it, the Worker its digest). */
function newAuthCode(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(12)));
}

/**
 * POST /register {phone} → {result, authCode?}. A terminal registers once: the code it is given is what it
 * authenticates with on every connection. A phone that already has a code answers 3 (terminal already registered)
 * until someone with the vehicle's edit right clears it on /deviceList, so whoever learns a terminal's phone number
 * cannot take its code over by registering again.
 */
async function register(input: Record<string, unknown>, env: Env): Promise<Response> {
  const phone = phoneKey(input.phone);
  if (!phone) return refuse(400, "invalid_field", "phone must be the terminal's phone number, 1 to 20 digits");
  const vehicle = await vehicleOfPhone(env, phone);
  if (!vehicle) return json(200, { code: 200, result: REGISTER.noSuchTerminal });
  if (vehicle.state !== ENABLED) return json(200, { code: 200, result: REGISTER.noSuchVehicle });
  if (vehicle.authHash) return json(200, { code: 200, result: REGISTER.alreadyRegistered });
  const authCode = newAuthCode();
  // only while no code is set: of two registrations at once, one gets the code and the other "already registered"
  const written = await getDb(env)
    .update(vehicles)
    .set({ jt808AuthHash: await sha256Hex(authCode), jt808RegisteredAt: Date.now() })
    .where(and(eq(vehicles.id, vehicle.id), isNull(vehicles.jt808AuthHash)));
  if (!changedRows(written)) return json(200, { code: 200, result: REGISTER.alreadyRegistered });
  return json(200, { code: 200, result: REGISTER.ok, authCode });
}

/** POST /authenticate {phone, code} → {ok}. An unknown phone and a wrong code answer alike. */
async function authenticate(input: Record<string, unknown>, env: Env): Promise<Response> {
  const phone = phoneKey(input.phone);
  if (!phone || typeof input.code !== "string" || !input.code) return refuse(400, "missing_field", "phone and code are required");
  const vehicle = await vehicleOfPhone(env, phone);
  if (!vehicle?.authHash || !sameHex(await sha256Hex(input.code), vehicle.authHash)) return json(200, { code: 200, ok: false, reason: "bad_credentials" });
  if (vehicle.state !== ENABLED) return json(200, { code: 200, ok: false, reason: "terminal_disabled" });
  return json(200, { code: 200, ok: true });
}

interface ReportResult {
  accepted: number;
  duplicates: number;
  late: number;
  rejected: Rejection[];
  refused?: "unknown_terminal" | "terminal_disabled";
}

/**
 * POST /batch {reports: [{phone, points, history?}]} → {results} in the reports' order. A report with no points is a
 * heartbeat. `history`: a blind-area retransmission (kept in history, never the live position). A report's result
 * is final for what it names: accepted, duplicate (already stored: the gateway's resend after a lost answer) or
 * rejected with a reason; `refused` for a phone no enabled vehicle has. Anything else (the call failing) the gateway
 * buffers and sends again.
 */
async function batch(input: Record<string, unknown>, env: Env): Promise<Response> {
  const reports = input.reports;
  if (!Array.isArray(reports)) return refuse(400, "missing_field", "reports must be an array");
  let total = 0;
  for (const r of reports) total += Array.isArray((r as { points?: unknown })?.points) ? (r as { points: unknown[] }).points.length : 0;
  if (total > GATEWAY_MAX_POINTS) return refuse(413, "batch_too_large", `a gateway batch holds at most ${GATEWAY_MAX_POINTS} points; this one has ${total}`);

  const phones = [...new Set(reports.map((r) => phoneKey((r as { phone?: unknown })?.phone)).filter((p): p is string => !!p))];
  const known = new Map<string, { id: number; tenantId: number; state: number }>();
  // D1 binds at most 100 values a statement
  for (let i = 0; i < phones.length; i += 90) {
    const rows = await getDb(env)
      .select({ id: vehicles.id, tenantId: vehicles.tenantId, state: vehicles.state, phone: vehicles.jt808Phone })
      .from(vehicles)
      .where(inArray(vehicles.jt808Phone, phones.slice(i, i + 90)));
    for (const row of rows) known.set(row.phone!, row);
  }

  const now = Date.now();
  const results: ReportResult[] = await Promise.all(
    reports.map(async (raw): Promise<ReportResult> => {
      const report = (raw ?? {}) as { phone?: unknown; points?: unknown; history?: unknown };
      const vehicle = known.get(phoneKey(report.phone) ?? "");
      if (!vehicle) return { accepted: 0, duplicates: 0, late: 0, rejected: [], refused: "unknown_terminal" };
      if (vehicle.state !== ENABLED) return { accepted: 0, duplicates: 0, late: 0, rejected: [], refused: "terminal_disabled" };
      const rejected: Rejection[] = [];
      const good: Point[] = [];
      (Array.isArray(report.points) ? report.points : []).forEach((p, index) => {
        const check = checkV1Point(p, now);
        if (check.ok) good.push(check.point);
        else rejected.push({ index, reason: check.reason, field: check.field, message: check.message });
      });
      // a report whose every point was refused is not a heartbeat
      if (!good.length && rejected.length) return { accepted: 0, duplicates: 0, late: 0, rejected };
      const result = await hubFor(env, vehicle.tenantId).ingest({ tenantId: vehicle.tenantId, vehicleId: vehicle.id, points: packPoints(good), history: report.history === true });
      if (result.refused) return { accepted: 0, duplicates: 0, late: 0, rejected, refused: result.refused };
      return { accepted: result.accepted, duplicates: result.duplicates.length, late: result.late, rejected };
    }),
  );
  return json(200, { code: 200, results });
}

/**
 * POST /commands {phone} → the phone's pending commands (asked when a terminal authenticates), or {after: id} → the
 * pending commands of every JT808 terminal queued after that id (the gateway asks every second and delivers those of
 * the terminals connected to it). `cursor`: the last id looked at, for the next `after`.
 */
async function commands(input: Record<string, unknown>, env: Env): Promise<Response> {
  const phone = input.phone === undefined ? null : phoneKey(input.phone);
  if (input.phone !== undefined && !phone) return refuse(400, "invalid_field", "phone must be the terminal's phone number");
  const after = input.after === undefined ? 0 : Number(input.after);
  if (!Number.isSafeInteger(after) || after < 0) return refuse(400, "invalid_field", "after must be a command id");
  const now = Date.now();
  const rows = await getDb(env)
    .select({ id: terminalCommands.id, kind: terminalCommands.kind, payload: terminalCommands.payload, phone: vehicles.jt808Phone, expiresAt: terminalCommands.expiresAt })
    .from(terminalCommands)
    .innerJoin(vehicles, eq(vehicles.id, terminalCommands.vehicleId))
    .where(
      and(
        waitingToSend(now),
        phone ? eq(vehicles.jt808Phone, phone) : and(isNotNull(vehicles.jt808Phone), gt(terminalCommands.id, after)),
        sameTenant(vehicles, terminalCommands),
        eq(vehicles.state, ENABLED),
      ),
    )
    .orderBy(asc(terminalCommands.id))
    .limit(COMMANDS_PER_POLL);
  const cursor = rows.length ? rows[rows.length - 1]!.id : after;
  return json(200, { code: 200, commands: rows.map(({ expiresAt: _e, ...c }) => c), cursor });
}

type StateUpdate = { id: number; phone: string } & ({ state: "sent"; serial: number } | { state: "acked" } | { state: "done" | "failed"; result?: string });

function readUpdate(raw: unknown): StateUpdate | string {
  const u = (raw ?? {}) as Record<string, unknown>;
  const phone = phoneKey(u.phone);
  if (!Number.isSafeInteger(u.id) || !phone) return "id and phone are required";
  const id = u.id as number;
  if (u.state === "sent") return Number.isInteger(u.serial) && (u.serial as number) >= 0 && (u.serial as number) <= 0xffff ? { id, phone, state: "sent", serial: u.serial as number } : "a sent command needs its serial (0-65535)";
  if (u.state === "acked") return { id, phone, state: "acked" };
  if (u.state === "done" || u.state === "failed") return { id, phone, state: u.state, result: typeof u.result === "string" ? u.result.slice(0, 2000) : undefined };
  return "state must be sent, acked, done or failed";
}

/**
 * POST /commands/state {updates: [{id, phone, state: "sent", serial} | {id, phone, state: "acked"} | {id, phone, state:
 * "done" | "failed", result?}]}: a command went out (pending → sent), the terminal acknowledged it (an upgrade under
 * way), or it ended. Only a command of the vehicle with that phone, and only forwards: a late or repeated update
 * changes nothing and is listed in `stale`.
 */
async function commandState(input: Record<string, unknown>, env: Env): Promise<Response> {
  if (!Array.isArray(input.updates) || input.updates.length > COMMANDS_PER_POLL) return refuse(400, "missing_field", `updates must be an array of at most ${COMMANDS_PER_POLL}`);
  const db = getDb(env);
  const now = Date.now();
  const rejected: { index: number; message: string }[] = [];
  const statements = [];
  const indexes: number[] = [];
  for (const [index, raw] of input.updates.entries()) {
    const u = readUpdate(raw);
    if (typeof u === "string") {
      rejected.push({ index, message: u });
      continue;
    }
    const own = and(eq(terminalCommands.id, u.id), inArray(terminalCommands.vehicleId, db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.jt808Phone, u.phone))));
    statements.push(
      u.state === "sent"
        ? db.update(terminalCommands).set({ state: COMMAND_STATE.sent, serial: u.serial, sentAt: now }).where(and(own, eq(terminalCommands.state, COMMAND_STATE.pending)))
        : u.state === "acked"
          ? db.update(terminalCommands).set({ ackedAt: now }).where(and(own, eq(terminalCommands.state, COMMAND_STATE.sent), isNull(terminalCommands.ackedAt)))
          : db.update(terminalCommands).set({ state: u.state === "done" ? COMMAND_STATE.done : COMMAND_STATE.failed, result: u.result ?? null, doneAt: now }).where(and(own, inArray(terminalCommands.state, [COMMAND_STATE.pending, COMMAND_STATE.sent]))),
    );
    indexes.push(index);
  }
  const [first, ...rest] = statements;
  const outcomes: unknown[] = first ? await inBatch(db, [first, ...rest]) : [];
  const stale = outcomes.flatMap((o, i) => (changedRows(o) ? [] : [indexes[i]!]));
  return json(200, { code: 200, updated: outcomes.length - stale.length, stale, rejected });
}

const ROUTES: Record<string, (input: Record<string, unknown>, env: Env) => Promise<Response>> = {
  "/ingest/gateway/v1/register": register,
  "/ingest/gateway/v1/authenticate": authenticate,
  "/ingest/gateway/v1/batch": batch,
  "/ingest/gateway/v1/commands": commands,
  "/ingest/gateway/v1/commands/state": commandState,
};

/** Routes /ingest/gateway/*; null when the path is not the gateway's. */
export async function handleGateway(request: Request, env: Env, path: string): Promise<Response | null> {
  if (!path.startsWith("/ingest/gateway/")) return null;
  const handler = ROUTES[path];
  if (!handler) return refuse(404, "not_found", "no such gateway path; see docs/jt808.md");
  if (request.method !== "POST") return refuse(405, "method_not_allowed", "use POST");
  if (!(await gatewayAllowed(request, env))) return refuse(401, "bad_credentials", "send the gateway credential as Authorization: Bearer <JT808_GATEWAY_SECRET>");
  const input = await body(request);
  if (input instanceof Response) return input;
  return handler(input, env);
}
