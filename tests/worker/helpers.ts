import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, getTableColumns } from "drizzle-orm";
import { getDb } from "../../db/client";
import { userRoles, users, vehicleDaily } from "../../db/schema";
import { hashPassword } from "../../app/lib/password";
import { seedTenant } from "../../db/seed/demo";
import { peekCaptcha } from "../../app/modules/auth/captcha.server";
import { MISSING_TEXTS_HEADER } from "../../app/i18n/missing-texts";
import { installPdfFonts } from "../../app/modules/contract-pdf/fonts.server";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";

export const ORIGIN = "http://localhost";
export const db = () => getDb(env);

/**
 * A request handed to the Worker's own fetch handler (the same routing, Remix build, bindings and module instance as
 * SELF.fetch), its waitUntil work awaited. Not SELF: the pool wraps the Worker in a new entrypoint object per request,
 * nesting its prototype one Proxy deeper every time (vitest-pool-workers' createProxyPrototypeClass), so each request
 * of a file costs more than the last: 100 requests of /healthz took 0.3 s at first and 33 s after 900 others, and
 * the files that walk every resource send that many. Sockets (the hub's tests) still go through SELF.
 */
export async function workerFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, init);
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let counter = 0;
/** A unique suffix so tests never share accounts (lockouts stay local to a test). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new tenant with one user of the given role; returns its ids and the sign-in. */
export async function makeTenant(opts: { role?: "admin" | "dispatcher" | "viewer"; companyKind?: number; expiresAt?: number | null; state?: number } = {}) {
  const account = unique("u");
  const password = "Passw0rd@2026";
  const seeded = await seedTenant(db(), {
    code: unique("t"),
    name: `Tenant ${account}`,
    companyKind: opts.companyKind,
    users: [{ role: opts.role ?? "admin", account, password, name: `User ${account}`, phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, expiresAt: opts.expiresAt, state: opts.state }],
  });
  return { ...seeded, account, password, userId: seeded.userIds[account]! };
}

/** An enterprise customer of the tenant (30 days to pay, enabled), written as the seed writes rows; its id. */
export async function insertCustomer(tenantId: number, name: string): Promise<number> {
  const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, name, Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** Loads /login and returns the captcha id with its stored answer (tests read it rather than solve the image). */
export async function freshCaptcha(path = "/login") {
  const html = await (await workerFetch(path)).text();
  const id = /name="captchaId" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no captcha on the page");
  return { id, answer: (await peekCaptcha(db(), id))! };
}

/** The keys a page asked for that name no text (the server names them in test runs: app/i18n/missing-texts.ts). */
export const missingTextsOf = (res: Response): string[] => res.headers.get(MISSING_TEXTS_HEADER)?.split(", ").map(decodeURIComponent) ?? [];

/** A page that asked for a key naming no text fails the test that loaded it: a user would have seen the bare key. */
function withAllTexts(path: string, res: Response): Response {
  const missing = missingTextsOf(res);
  if (missing.length) throw new Error(`${path} asked for keys that name no text: ${missing.join(", ")}`);
  return res;
}

/** A form post as a browser sends it; pass URLSearchParams for repeated fields (checkbox lists). */
export async function postForm(path: string, fields: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}) {
  const res = await workerFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Host: "localhost", "Accept-Language": "zh-CN,zh;q=0.9", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  return withAllTexts(path, res);
}

export async function attemptLogin(account: string, password: string, path = "/login", captcha?: { id: string; answer: string }) {
  const c = captcha ?? (await freshCaptcha(path));
  return postForm(path, { intent: "password", account, password, captchaId: c.id, captcha: c.answer });
}

/** Signs in through the real form and returns the Cookie header for later requests. */
export async function signIn(account: string, password: string): Promise<string> {
  const res = await attemptLogin(account, password);
  if (res.status !== 302) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  return cookiesOf(res);
}

export const get = async (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  withAllTexts(path, await workerFetch(path, { headers: { "Accept-Language": "zh-CN,zh;q=0.9", ...(cookie ? { Cookie: cookie } : {}), ...headers } }));

/** Puts the PDF fonts in the test R2 bucket, from the npm package's files the TEST_FONTS binding serves (vitest.workers.config.ts). */
export async function installTestFonts(): Promise<void> {
  await installPdfFonts(env.FILES, async (file) => new Uint8Array(await (await (env as unknown as { TEST_FONTS: Fetcher }).TEST_FONTS.fetch(`http://fonts/${file}`)).arrayBuffer()));
}

/** Daily roll-ups into vehicle_daily, as many rows a statement as D1's 100 bound parameters allow (one per column a row). */
export async function insertDaily(rows: (typeof vehicleDaily.$inferInsert)[]): Promise<void> {
  const size = Math.floor(100 / Object.keys(getTableColumns(vehicleDaily)).length);
  for (let i = 0; i < rows.length; i += size) await db().insert(vehicleDaily).values(rows.slice(i, i + size));
}

/**
 * A second user of a tenant made by makeTenant, in the organisation given and with the first user's role (the
 * data-scope tests' department user); signed in, its Cookie header.
 */
export async function signInDepartmentUser(t: { tenantId: number; userId: number }, orgId: number, name: string): Promise<string> {
  const account = unique("dept");
  const password = "Passw0rd@2026";
  const [user] = await db().insert(users).values({ tenantId: t.tenantId, orgId, loginAccount: account, userName: name, passwordHash: await hashPassword(password), isAdmin: 0 }).returning({ id: users.id });
  const [role] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, t.userId));
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: user!.id, roleId: role!.roleId });
  return signIn(account, password);
}
