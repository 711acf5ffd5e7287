/**
 * The terminal API (docs/terminal-api.md): /ingest/v1/auth, /heartbeat, /telemetry, /commands/result, and the
 * OsmAnd protocol at /ingest/osmand. The Worker authenticates and validates; the tenant's FleetHub stores.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { getDb } from "../../db/client";
import { terminalCommands, vehicles } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { Env } from "../env";
import { hubFor } from "../fleet-hub/client";
import type { IngestResult } from "../fleet-hub/fleet-hub";
import { handleGateway, waitingToSend } from "./gateway";
import { json, parseJson, refuse } from "./http";
import { sameHex, sha256Hex } from "./secret";
import { checkV1Point, MAX_BATCH_BYTES, MAX_POINTS, packPoints, readOsmAndFields, readOsmAndJson, type Point, type Rejection } from "./point";
import { COMMAND_STATE, ENABLED } from "../../db/states";

export const TERMINAL_TOKEN_TTL_S = 3600;

/**
 * The HMAC key of the last secret seen: a terminal's every post verifies its token, and importing the key each time
 * cost more than the verifying. The key itself is kept, not the promise of it (a promise belongs to one request).
 */
let importedKey: { secret: string; key: CryptoKey } | null = null;

async function tokenKey(env: Env): Promise<CryptoKey> {
  const secret = env.TERMINAL_TOKEN_SECRET ?? env.SESSION_SECRET ?? (env.APP_ENV === "production" ? "" : "derrick-local-terminal-token-secret");
  if (!secret) throw new Error("TERMINAL_TOKEN_SECRET is not set");
  if (importedKey?.secret === secret) return importedKey.key;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  importedKey = { secret, key };
  return key;
}

interface TerminalClaims {
  tenantId: number;
  vehicleId: number;
  terminalNo: string;
}

async function readBody(request: Request): Promise<{ text: string } | Response> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BATCH_BYTES) return refuse(413, "batch_too_large", `the body is larger than ${MAX_BATCH_BYTES} bytes; send at most ${MAX_POINTS} points per batch`);
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > MAX_BATCH_BYTES) return refuse(413, "batch_too_large", `the body is larger than ${MAX_BATCH_BYTES} bytes; send at most ${MAX_POINTS} points per batch`);
  return { text: new TextDecoder().decode(buffer) };
}

/** POST /ingest/v1/auth {terminalNo, secret} → a short-lived bearer token. */
async function auth(request: Request, env: Env): Promise<Response> {
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const parsed = parseJson(body.text);
  if (parsed instanceof Response) return parsed;
  const { terminalNo, secret } = (parsed.value ?? {}) as Record<string, unknown>;
  if (typeof terminalNo !== "string" || !terminalNo.trim()) return refuse(400, "missing_field", "terminalNo is required");
  if (typeof secret !== "string" || !secret) return refuse(400, "missing_field", "secret is required");
  const [vehicle] = await getDb(env)
    .select({ id: vehicles.id, tenantId: vehicles.tenantId, state: vehicles.state, hash: vehicles.terminalSecretHash, terminalNo: vehicles.terminalNo })
    .from(vehicles)
    .where(eq(vehicles.terminalNo, terminalNo.trim().toUpperCase()));
  // unknown terminal and wrong secret answer alike, so the API does not reveal which terminals exist
  if (!vehicle || !vehicle.hash || !sameHex(await sha256Hex(secret), vehicle.hash)) return refuse(401, "bad_credentials", "unknown terminal or wrong secret");
  if (vehicle.state !== ENABLED) return refuse(403, "terminal_disabled", "this terminal's vehicle is stopped");
  const token = await new SignJWT({ tid: vehicle.tenantId, vid: vehicle.id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(vehicle.terminalNo)
    .setAudience("derrick-terminal")
    .setIssuedAt()
    .setExpirationTime(`${TERMINAL_TOKEN_TTL_S}s`)
    .sign(await tokenKey(env));
  return json(200, { code: 200, token, expiresIn: TERMINAL_TOKEN_TTL_S });
}

async function bearer(request: Request, env: Env): Promise<TerminalClaims | Response> {
  const header = request.headers.get("Authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return refuse(401, "bad_token", "send the token from /ingest/v1/auth as Authorization: Bearer <token>");
  try {
    const { payload } = await jwtVerify(token, await tokenKey(env), { audience: "derrick-terminal", algorithms: ["HS256"] });
    if (typeof payload.tid !== "number" || typeof payload.vid !== "number" || typeof payload.sub !== "string") throw new Error("claims");
    return { tenantId: payload.tid, vehicleId: payload.vid, terminalNo: payload.sub };
  } catch {
    return refuse(401, "bad_token", "the token is invalid or expired; authenticate again");
  }
}

/** Pending commands of a vehicle, marked sent as they are handed over. */
async function takeCommands(env: Env, claims: TerminalClaims, flagged: boolean) {
  if (!flagged) return [];
  const db = getDb(env);
  const pending = await db
    .select({ id: terminalCommands.id, kind: terminalCommands.kind, payload: terminalCommands.payload })
    .from(terminalCommands)
    // a command past its expiry is never handed over (the hourly job marks it send_failed)
    .where(and(ofTenant(terminalCommands, claims.tenantId), eq(terminalCommands.vehicleId, claims.vehicleId), waitingToSend(Date.now())));
  if (pending.length) {
    await db
      .update(terminalCommands)
      .set({ state: COMMAND_STATE.sent, sentAt: Date.now() })
      .where(and(ofTenant(terminalCommands, claims.tenantId), inArray(terminalCommands.id, pending.map((c) => c.id))));
  }
  await hubFor(env, claims.tenantId).commandsDelivered(claims.vehicleId);
  return pending.map((c) => ({ id: c.id, kind: c.kind, payload: c.payload ?? {} }));
}

const REFUSED_MESSAGE = { unknown_terminal: "the terminal is not registered", terminal_disabled: "this terminal's vehicle is stopped" } as const;

const TERMINAL_MISMATCH = "a terminal may only report its own points";

/** POST /ingest/v1/telemetry {points: [...]} (or a bare array). */
async function telemetry(request: Request, env: Env): Promise<Response> {
  const claims = await bearer(request, env);
  if (claims instanceof Response) return claims;
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const parsed = parseJson(body.text);
  if (parsed instanceof Response) return parsed;
  const raw = Array.isArray(parsed.value) ? parsed.value : (parsed.value as { points?: unknown } | null)?.points;
  if (!Array.isArray(raw)) return refuse(400, "missing_field", "the body must be {\"points\": [...]} or an array of points");
  if (raw.length > MAX_POINTS) return refuse(413, "batch_too_large", `a batch holds at most ${MAX_POINTS} points; this one has ${raw.length}`);

  const now = Date.now();
  const rejected: Rejection[] = [];
  const good: Point[] = [];
  const indexOf: number[] = [];
  raw.forEach((p, index) => {
    // a point naming any terminal but the token's own is refused with one reason, whether that terminal exists,
    // is ours or is another account's: the answer does not tell a terminal which numbers are registered
    const terminal = p && typeof p === "object" ? (p as Record<string, unknown>).terminal : undefined;
    if (terminal !== undefined && terminal !== claims.terminalNo) return rejected.push({ index, reason: "terminal_mismatch", field: "terminal", message: TERMINAL_MISMATCH });
    const check = checkV1Point(p, now);
    if (!check.ok) return rejected.push({ index, reason: check.reason, field: check.field, message: check.message });
    good.push(check.point);
    indexOf.push(index);
  });
  const result = await hubFor(env, claims.tenantId).ingest({ tenantId: claims.tenantId, vehicleId: claims.vehicleId, points: packPoints(good) });
  if (result.refused) return refuse(result.refused === "terminal_disabled" ? 403 : 401, result.refused, REFUSED_MESSAGE[result.refused]);
  return json(200, {
    code: 200,
    accepted: result.accepted,
    duplicates: result.duplicates.map((i) => indexOf[i]!).sort((a, b) => a - b),
    late: result.late,
    rejected: rejected.sort((a, b) => a.index - b.index),
    commands: await takeCommands(env, claims, result.commands),
  });
}

/** POST /ingest/v1/heartbeat → pending commands. */
async function heartbeat(request: Request, env: Env): Promise<Response> {
  const claims = await bearer(request, env);
  if (claims instanceof Response) return claims;
  const result: IngestResult = await hubFor(env, claims.tenantId).heartbeat(claims.tenantId, claims.vehicleId);
  if (result.refused) return refuse(result.refused === "terminal_disabled" ? 403 : 401, result.refused, REFUSED_MESSAGE[result.refused]);
  return json(200, { code: 200, commands: await takeCommands(env, claims, result.commands) });
}

/** POST /ingest/v1/commands/result {results: [{id, ok, result?}]} → the commands' states. */
async function commandResults(request: Request, env: Env): Promise<Response> {
  const claims = await bearer(request, env);
  if (claims instanceof Response) return claims;
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const parsed = parseJson(body.text);
  if (parsed instanceof Response) return parsed;
  const results = (parsed.value as { results?: unknown } | null)?.results;
  if (!Array.isArray(results) || results.length === 0 || results.length > 100) return refuse(400, "missing_field", "results must be a list of 1 to 100 {id, ok, result}");
  const db = getDb(env);
  const rejected: Rejection[] = [];
  const updates: PromiseLike<unknown>[] = [];
  const ids: number[] = [];
  results.forEach((r, index) => {
    const item = r as Record<string, unknown>;
    if (!item || typeof item !== "object" || !Number.isSafeInteger(item.id)) return rejected.push({ index, reason: "missing_field", field: "id", message: "id must be the command's id" });
    if (typeof item.ok !== "boolean") return rejected.push({ index, reason: "missing_field", field: "ok", message: "ok must be true or false" });
    if (item.result !== undefined && (typeof item.result !== "string" || item.result.length > 500)) return rejected.push({ index, reason: "invalid_field", field: "result", message: "result must be text of at most 500 characters" });
    ids.push(item.id as number);
    updates.push(
      db
        .update(terminalCommands)
        .set({ state: item.ok ? COMMAND_STATE.done : COMMAND_STATE.failed, result: (item.result as string | undefined) ?? null, doneAt: Date.now() })
        // only this terminal's own commands that were handed to it
        .where(and(eq(terminalCommands.id, item.id as number), ofTenant(terminalCommands, claims.tenantId), eq(terminalCommands.vehicleId, claims.vehicleId), inArray(terminalCommands.state, [COMMAND_STATE.sent, COMMAND_STATE.pending]))),
    );
  });
  const outcomes = updates.length ? ((await (db as unknown as { batch: (q: PromiseLike<unknown>[]) => Promise<{ meta?: { changes?: number }; rowsAffected?: number }[]> }).batch(updates)) ?? []) : [];
  let updated = 0;
  outcomes.forEach((o, i) => {
    const changes = o?.meta?.changes ?? o?.rowsAffected ?? 0;
    if (changes > 0) updated++;
    else rejected.push({ index: results.findIndex((r) => (r as Record<string, unknown>)?.id === ids[i]), reason: "invalid_field", field: "id", message: "no command with this id is waiting for this terminal" });
  });
  return json(200, { code: 200, updated, rejected: rejected.sort((a, b) => a.index - b.index) });
}

/**
 * The vehicle an OsmAnd id names: only by its device identifier (never by a terminal number, which is sequential
 * and guessable), only where the tenant's administrator turned OsmAnd on, never a terminal that has a secret (it
 * reports through /ingest/v1), and with the device's key when one is set. Anything else is null, and the caller
 * answers every such case alike, so the endpoint does not tell an outsider which identifiers exist.
 */
async function osmandVehicle(env: Env, id: string, key: string | null) {
  const [vehicle] = await getDb(env)
    .select({ id: vehicles.id, tenantId: vehicles.tenantId, state: vehicles.state, keyHash: vehicles.osmandKeyHash })
    .from(vehicles)
    .where(and(eq(vehicles.deviceIdent, id.toUpperCase()), eq(vehicles.osmandEnabled, 1), isNull(vehicles.terminalSecretHash)))
    .limit(1);
  if (!vehicle) return null;
  if (vehicle.keyHash && !(key && sameHex(await sha256Hex(key), vehicle.keyHash))) return null;
  return vehicle;
}

/** GET or POST /ingest/osmand: query fields, a form body, or Traccar Client's JSON body. */
async function osmand(request: Request, env: Env, url: URL): Promise<Response> {
  const now = Date.now();
  let input;
  if (request.method === "POST") {
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const type = request.headers.get("Content-Type") ?? "";
    if (type.includes("json") || body.text.trimStart().startsWith("{")) {
      const parsed = parseJson(body.text);
      if (parsed instanceof Response) return parsed;
      input = readOsmAndJson(parsed.value, now);
    } else {
      const fields = new URLSearchParams(url.search);
      for (const [k, v] of new URLSearchParams(body.text)) fields.set(k, v);
      input = readOsmAndFields(fields, now);
    }
  } else {
    input = readOsmAndFields(url.searchParams, now);
  }
  if (!input.id) return refuse(400, "missing_field", "id (or deviceid, or device_id in JSON) is required");
  if (!input.check.ok) return refuse(400, input.check.reason, input.check.message);
  const vehicle = await osmandVehicle(env, input.id, input.key ?? url.searchParams.get("key"));
  const unknownDevice = () => refuse(401, "unknown_device", "no device may report with this id and key; OsmAnd must be turned on for the vehicle");
  if (!vehicle) return unknownDevice();
  if (vehicle.state !== ENABLED) return refuse(403, "terminal_disabled", "this terminal's vehicle is stopped");
  const result = await hubFor(env, vehicle.tenantId).ingest({ tenantId: vehicle.tenantId, vehicleId: vehicle.id, points: packPoints([input.check.point]) });
  if (result.refused === "terminal_disabled") return refuse(403, "terminal_disabled", REFUSED_MESSAGE.terminal_disabled);
  if (result.refused) return unknownDevice();
  return json(200, { code: 200, accepted: result.accepted, duplicate: result.duplicates.length > 0 });
}

/** Routes /ingest/*; null when the path is not the terminal API's. */
export async function handleIngest(request: Request, env: Env, url: URL): Promise<Response | null> {
  const path = url.pathname.replace(/\/+$/, "");
  const gateway = await handleGateway(request, env, path);
  if (gateway) return gateway;
  if (path === "/ingest/osmand") {
    if (request.method !== "GET" && request.method !== "POST") return refuse(405, "method_not_allowed", "use GET or POST");
    return osmand(request, env, url);
  }
  const routes: Record<string, (r: Request, e: Env) => Promise<Response>> = {
    "/ingest/v1/auth": auth,
    "/ingest/v1/heartbeat": heartbeat,
    "/ingest/v1/telemetry": telemetry,
    "/ingest/v1/commands/result": commandResults,
  };
  const handler = routes[path];
  if (!handler) return path.startsWith("/ingest") ? refuse(404, "not_found", "no such terminal API path; see docs/terminal-api.md") : null;
  if (request.method !== "POST") return refuse(405, "method_not_allowed", "use POST");
  return handler(request, env);
}
