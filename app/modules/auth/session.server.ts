import { createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../../../db/client";
import { organisations, sessions, tenants, userSettings, users } from "../../../db/schema";
import { sameTenant, withTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import { hubFor } from "../../../workers/fleet-hub/client";
import { ENABLED } from "../../../db/states";

export const SESSION_COOKIE = "derrick_session";
const FLASH_COOKIE = "derrick_flash";
/** A session ends after 12 hours without a request; activity slides it forward. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: number;
  tenantId: number;
  orgId: number | null;
  loginAccount: string;
  userName: string;
  isAdmin: boolean;
  email: string | null;
  phone: string | null;
  lastLoginAt: number | null;
  tenantName: string;
  companyKind: number;
  /** the tenant's IANA time zone (tenants.time_zone): every day shown, filtered or exported is a day there */
  timeZone: string;
  /** name of the user's organisation, read with the session so screens need no second query */
  orgName: string | null;
  /**
   * the user sees the whole tenant (no organisation, or the tenant's root one), read with the session: the data-scope
   * rule then narrows nothing (db/rules/data-scope.ts), so lists keep their prepared statements and counted totals
   */
  wholeTenant: boolean;
}

export interface Session {
  id: string;
  loginType: number;
  user: SessionUser;
  /** the tenant's access version when the session was read: the access cache is keyed by it */
  accessVersion: number;
  /**
   * the user's stored settings (the JSON text of user_settings.settings, or null), read with the session: a list's
   * column choice then needs no query of its own. Read it through sessionSetting().
   */
  settings: string | null;
}

export type SessionState = { status: "none" } | { status: "invalid" } | { status: "ok"; session: Session };

function secretOf(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.APP_ENV === "production") throw new Error("SESSION_SECRET is not set");
  return "derrick-local-development-secret";
}

function sessionCookie(env: Env, request: Request) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: new URL(request.url).protocol === "https:",
    secrets: [secretOf(env)],
  });
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The session read runs on every request: its SQL is built once per database and reused (building a three-join
 * select with drizzle costs more than running it).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      loginType: sessions.loginType,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      sessionTenant: sessions.tenantId,
      user: {
        id: users.id,
        tenantId: users.tenantId,
        orgId: users.orgId,
        loginAccount: users.loginAccount,
        userName: users.userName,
        isAdmin: users.isAdmin,
        email: users.email,
        phone: users.phone,
        lastLoginAt: users.lastLoginAt,
        state: users.state,
        expiresAt: users.expiresAt,
      },
      tenantName: tenants.name,
      companyKind: tenants.companyKind,
      timeZone: tenants.timeZone,
      tenantState: tenants.state,
      accessVersion: tenants.accessVersion,
      orgName: organisations.name,
      orgIsRoot: sql<number>`${organisations.id} is not null and ${organisations.parentId} is null`,
      // the raw text: parsed only by a screen that reads a setting (sessionSetting)
      settings: sql<string | null>`${userSettings.settings}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(organisations, and(eq(organisations.id, users.orgId), sameTenant(organisations, users)))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare();
}

/**
 * Sessions read in the last few seconds, by database and by the cookie's signed value, so that a user moving
 * between pages costs no round trip to the database and no signature check per page. Only GET and HEAD requests
 * are answered from it (see {@link sessionFromCache}); every other request clears it, before and after it runs
 * ({@link forgetSessions}), so a change made in this isolate (sign-out, a disabled user, a role edited, a setting
 * saved) applies to the very next page. Another isolate's change reaches pages read here within SESSION_CACHE_MS;
 * actions always read the database. See docs/decisions/006-session-cache.md.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 1_000;
type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>["all"]>>[number];
/**
 * The cache, and its epoch: bumped by every clear, so an entry of an older epoch is no longer read, and a read that
 * overlapped a clear stores nothing, as it may have seen the rows from before the write. Both live on globalThis:
 * the Worker (workers/app.ts, which clears) bundles the Remix build, which holds its own copy of this module.
 */
const sessionCache: { epoch: number; byDb: WeakMap<Db, Map<string, { at: number; epoch: number; row: SessionRow }>> } = ((
  globalThis as { [key: symbol]: unknown }
)[Symbol.for("derrick.sessionCache")] ??= { epoch: 0, byDb: new WeakMap() }) as never;

/** Empties the session cache of this isolate; called before and after each request that may write. */
export function forgetSessions(): void {
  sessionCache.epoch++;
}

/**
 * A page's own reads kept like the sessions (the workbench's figures): for GET and HEAD only, at most `ms` old, and
 * forgotten with the session cache by every request that may write in this isolate (the epoch), so a user who
 * approves a document or handles an alarm sees it on the very next page. A read that overlapped a write stores
 * nothing. Keyed by database and by what the caller names (the user, the language); at most 1,000 entries.
 */
const pageReads: { byDb: WeakMap<Db, Map<string, { at: number; epoch: number; value: unknown }>> } = ((globalThis as { [key: symbol]: unknown })[Symbol.for("derrick.pageReads")] ??= {
  byDb: new WeakMap(),
}) as never;

export async function readThroughIsolate<T>(request: Request, db: Db, key: string, ms: number, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const cacheable = request.method === "GET" || request.method === "HEAD";
  let cache = pageReads.byDb.get(db);
  const hit = cacheable ? cache?.get(key) : undefined;
  if (hit && hit.epoch === sessionCache.epoch && now - hit.at < ms) return hit.value as T;
  const epoch = sessionCache.epoch;
  const value = await load();
  if (cacheable && epoch === sessionCache.epoch) {
    if (!cache) pageReads.byDb.set(db, (cache = new Map()));
    cache.delete(key);
    if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now, epoch, value });
  }
  return value;
}

function sessionFromCache(request: Request, db: Db, cookie: string, now: number): SessionRow | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const hit = sessionCache.byDb.get(db)?.get(cookie);
  return hit && hit.epoch === sessionCache.epoch && now - hit.at < SESSION_CACHE_MS ? hit.row : undefined;
}

function rememberSession(db: Db, cookie: string, row: SessionRow, at: number): void {
  let cache = sessionCache.byDb.get(db);
  if (!cache) sessionCache.byDb.set(db, (cache = new Map()));
  cache.delete(cookie);
  if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(cookie, { at, epoch: sessionCache.epoch, row });
}

/** A cookie's value as the browser sent it (not decoded, not unsigned), or null when it sent none of that name. */
export function rawCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(/;\s*/)) if (part.startsWith(`${name}=`)) return part.slice(name.length + 1);
  return null;
}

/**
 * The session id the signed cookie carries, or null. A cookie altered on the way can fail to decode at all (its
 * signature no longer base64): that is a bad cookie like any other, not an error of the page.
 */
async function sessionIdOf(env: Env, request: Request): Promise<string | null> {
  try {
    const id = (await sessionCookie(env, request).parse(request.headers.get("Cookie"))) as unknown;
    return typeof id === "string" && id ? id : null;
  } catch {
    return null;
  }
}

/** Reads and checks the session cookie: a bad signature, a revoked or expired row, or a disabled user are all "invalid". */
export async function readSession(request: Request, env: Env, db: Db = getDb(env)): Promise<SessionState> {
  const cookie = rawCookie(request, SESSION_COOKIE);
  if (cookie === null) return { status: "none" };
  const now = Date.now();
  let row = sessionFromCache(request, db, cookie, now);
  if (!row) {
    const epoch = sessionCache.epoch;
    const id = await sessionIdOf(env, request);
    if (id === null) return { status: "invalid" };
    let query = sessionQueries.get(db);
    if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
    [row] = await query.all({ id });
    if (!row) return { status: "invalid" };
    if (epoch === sessionCache.epoch) rememberSession(db, cookie, row, now);
  }
  // checked on every read, cached or not: time runs out between two pages (the hub's validSessions() states the
  // same rules in SQL for open sockets: change both together)
  if (row.revokedAt || row.expiresAt <= now || row.sessionTenant !== row.user.tenantId) return { status: "invalid" };
  if (row.user.state !== ENABLED || row.tenantState !== ENABLED || (row.user.expiresAt !== null && row.user.expiresAt <= now)) return { status: "invalid" };
  if (now - row.lastSeenAt > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now, expiresAt: now + SESSION_IDLE_MS }).where(eq(sessions.id, row.id));
    row.lastSeenAt = now;
    row.expiresAt = now + SESSION_IDLE_MS;
  }
  const { state: _s, expiresAt: _e, ...user } = row.user;
  return {
    status: "ok",
    session: {
      id: row.id,
      loginType: row.loginType,
      accessVersion: row.accessVersion,
      settings: row.settings,
      user: { ...user, isAdmin: user.isAdmin === 1, tenantName: row.tenantName, companyKind: row.companyKind, timeZone: row.timeZone, orgName: row.orgName, wholeTenant: user.orgId === null || row.orgIsRoot === 1 },
    },
  };
}

/** Starts a session row for the user and returns the Set-Cookie header value. */
export async function startSession(
  request: Request,
  env: Env,
  db: Db,
  user: { id: number; tenantId: number },
  loginType: number,
): Promise<string> {
  const id = randomId();
  const now = Date.now();
  await db.insert(sessions).values(withTenant(user, {
    id,
    userId: user.id,
    loginType,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_IDLE_MS,
    ip: request.headers.get("CF-Connecting-IP"),
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
  }));
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return sessionCookie(env, request).serialize(id);
}

/** Revokes the row (so a copied cookie stops working), closes the session's live sockets and clears the cookie. */
export async function endSession(request: Request, env: Env, db: Db = getDb(env)): Promise<string> {
  const id = await sessionIdOf(env, request);
  if (id !== null) {
    const [ended] = await db.update(sessions).set({ revokedAt: Date.now() }).where(and(eq(sessions.id, id))).returning({ tenantId: sessions.tenantId, userId: sessions.userId });
    // whoever calls it, this isolate's next page refuses the cookie (the Worker also clears around every POST)
    forgetSessions();
    // a screen left open elsewhere on this session stops receiving live data now (the Node query layer has no hub)
    if (ended && env.FLEET_HUB) await hubFor(env, ended.tenantId).revalidate([ended.userId]);
  }
  return sessionCookie(env, request).serialize("", { maxAge: 0 });
}

export async function clearSessionCookie(request: Request, env: Env): Promise<string> {
  return sessionCookie(env, request).serialize("", { maxAge: 0 });
}

export type Flash = "sessionExpired" | "signedOut" | "passwordReset" | "saved";
const FLASHES: Flash[] = ["sessionExpired", "signedOut", "passwordReset", "saved"];

export function flashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${flash}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

/** Reads a one-time message and the header that removes it, so it shows once. */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const value = rawCookie(request, FLASH_COOKIE) as Flash | null;
  if (value === null) return { flash: null, clear: null };
  return { flash: FLASHES.includes(value) ? value : null, clear: `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
}

/** Spec §2: l=t only when the address was /login?l=t (and for screen routes), else l=f. */
export function loginRedirectTarget(url: URL, l: "t" | "f"): string {
  const params = new URLSearchParams({ l });
  const back = url.pathname + url.search;
  if (url.pathname !== "/" && url.pathname !== "/login" && !url.searchParams.has("encodeParam")) params.set("redirectTo", back);
  return `/login?${params}`;
}

/** Returns the signed-in session, or throws the redirect to /login (with the one-time expiry message when the session was lost). */
export async function requireSession(request: Request, env: Env, db: Db = getDb(env), l: "t" | "f" = "f"): Promise<Session> {
  const state = await readSession(request, env, db);
  if (state.status === "ok") return state.session;
  const url = new URL(request.url);
  const headers = new Headers();
  if (state.status === "invalid") {
    headers.append("Set-Cookie", await clearSessionCookie(request, env));
    headers.append("Set-Cookie", flashCookie("sessionExpired"));
  }
  throw redirect(loginRedirectTarget(url, l), { headers });
}

export { safeRedirectPath } from "~/lib/same-site-path";
