import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { EncryptJWT, jwtDecrypt, jwtVerify, SignJWT } from "jose";
import type { Db } from "../../../db/client";
import { loginThrottle, tenants, users, verificationCodes } from "../../../db/schema";
import type { Env } from "../../../workers/env";
import { DUMMY_HASH, hashPassword, verifyPassword } from "~/lib/password";
import { messageProvider } from "./notify.server";

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
export const CODE_TTL_MS = 5 * 60 * 1000;
const CODE_RESEND_MS = 60 * 1000;

/** Login types (spec §3 loginType): 0 password, 1 SMS code, 8 zuqiToken, 9 encodeParam link. */
export const LOGIN_TYPE = { password: 0, sms: 1, token: 8, encodeParam: 9 } as const;

export type LoginError = "badCredentials" | "locked" | "disabled" | "expired" | "notAdmin" | "badSmsCode";
export type LoginResult = { ok: true; user: { id: number; tenantId: number } } | { ok: false; error: LoginError };

type UserRow = typeof users.$inferSelect;

async function throttleState(db: Db, key: string) {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

async function recordFailure(db: Db, key: string) {
  const now = Date.now();
  const row = await throttleState(db, key);
  const failures = (row && (!row.lockedUntil || row.lockedUntil > now) ? row.failures : 0) + 1;
  const lockedUntil = failures >= MAX_FAILURES ? now + LOCK_MS : null;
  await db
    .insert(loginThrottle)
    .values({ key, failures, lockedUntil, updatedAt: now })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures, lockedUntil, updatedAt: now } });
}

async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

async function isLocked(db: Db, key: string): Promise<boolean> {
  const row = await throttleState(db, key);
  return !!row?.lockedUntil && row.lockedUntil > Date.now();
}

/** Whether the account may sign in at all, checked only after the secret was right (so it reveals nothing to a guesser). */
async function accountProblem(db: Db, user: UserRow, adminLogin: boolean): Promise<LoginError | null> {
  const [tenant] = await db.select({ state: tenants.state }).from(tenants).where(eq(tenants.id, user.tenantId));
  if (user.state !== 1 || tenant?.state !== 1) return "disabled";
  if (user.expiresAt !== null && user.expiresAt <= Date.now()) return "expired";
  if (adminLogin && user.isAdmin !== 1) return "notAdmin";
  return null;
}

/**
 * Account + password. Failures are counted per account name whether or not the account exists,
 * and an unknown account spends the same hashing time, so nothing reveals which accounts exist.
 */
export async function passwordLogin(db: Db, input: { account: string; password: string; adminLogin?: boolean }): Promise<LoginResult> {
  const account = input.account.trim();
  const key = `account:${account.toLowerCase()}`;
  if (await isLocked(db, key)) return { ok: false, error: "locked" };
  const [user] = await db.select().from(users).where(eq(users.loginAccount, account)).limit(1);
  const good = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !good) {
    await recordFailure(db, key);
    return { ok: false, error: (await isLocked(db, key)) ? "locked" : "badCredentials" };
  }
  const problem = await accountProblem(db, user, !!input.adminLogin);
  if (problem) return { ok: false, error: problem };
  await clearFailures(db, key);
  return { ok: true, user: { id: user.id, tenantId: user.tenantId } };
}

function sixDigits(): string {
  return String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
}

async function findUserByTarget(db: Db, channel: "sms" | "email", target: string, account?: string) {
  const match = channel === "sms" ? eq(users.phone, target) : eq(users.email, target);
  const where = account ? and(match, eq(users.loginAccount, account)) : match;
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/**
 * Sends a one-time code when the phone or e-mail belongs to an account; answers the same either way.
 * "tooSoon" only when a code was sent to that target in the last minute.
 */
export async function sendCode(
  db: Db,
  env: Env,
  input: { channel: "sms" | "email"; target: string; purpose: "login" | "reset"; account?: string; lang: string },
): Promise<"sent" | "tooSoon"> {
  const target = input.target.trim();
  const now = Date.now();
  const [recent] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, input.channel), eq(verificationCodes.target, target), gt(verificationCodes.createdAt, now - CODE_RESEND_MS)))
    .limit(1);
  if (recent) return "tooSoon";
  const code = sixDigits();
  await db.insert(verificationCodes).values({ channel: input.channel, target, purpose: input.purpose, code, expiresAt: now + CODE_TTL_MS, createdAt: now });
  const user = await findUserByTarget(db, input.channel, target, input.account?.trim() || undefined);
  if (user) {
    const zh = input.lang === "zh-CN";
    const body = zh
      ? `【Derrick】您的${input.purpose === "login" ? "登录" : "重置密码"}验证码为 ${code}，5分钟内有效。如非本人操作，请忽略。`
      : `[Derrick] Your ${input.purpose === "login" ? "sign-in" : "password reset"} code is ${code}. It is valid for 5 minutes.`;
    await messageProvider(env, db, input.channel).send({
      tenantId: user.tenantId,
      channel: input.channel,
      recipient: target,
      subject: input.channel === "email" ? (zh ? "Derrick 验证码" : "Derrick verification code") : undefined,
      body,
    });
  }
  return "sent";
}

/** Uses up a matching code; five wrong tries spend the code. */
async function consumeCode(db: Db, channel: "sms" | "email", target: string, purpose: "login" | "reset", code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= Date.now() || row.attempts >= 5) return false;
  if (row.code !== code.trim()) {
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id));
    return false;
  }
  await db.update(verificationCodes).set({ usedAt: Date.now() }).where(eq(verificationCodes.id, row.id));
  return true;
}

export async function smsLogin(db: Db, input: { phone: string; code: string }): Promise<LoginResult> {
  const phone = input.phone.trim();
  const key = `phone:${phone}`;
  if (await isLocked(db, key)) return { ok: false, error: "locked" };
  const user = await findUserByTarget(db, "sms", phone);
  const good = await consumeCode(db, "sms", phone, "login", input.code);
  if (!user || !good) {
    await recordFailure(db, key);
    return { ok: false, error: (await isLocked(db, key)) ? "locked" : "badSmsCode" };
  }
  const problem = await accountProblem(db, user, false);
  if (problem) return { ok: false, error: problem };
  await clearFailures(db, key);
  return { ok: true, user: { id: user.id, tenantId: user.tenantId } };
}

/** Resets the password of the account whose phone or e-mail received the code. */
export async function resetPassword(
  db: Db,
  input: { account: string; channel: "sms" | "email"; target: string; code: string; password: string },
): Promise<boolean> {
  const target = input.target.trim();
  const good = await consumeCode(db, input.channel, target, "reset", input.code);
  if (!good) return false;
  const user = await findUserByTarget(db, input.channel, target, input.account.trim());
  if (!user) return false;
  await db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: Date.now(), version: user.version + 1 }).where(eq(users.id, user.id));
  await clearFailures(db, `account:${user.loginAccount.toLowerCase()}`);
  return true;
}

async function encodeKey(env: Env): Promise<Uint8Array> {
  const secret = env.ENCODE_PARAM_SECRET ?? (env.APP_ENV === "production" ? "" : "derrick-local-encode-param-secret");
  if (!secret) throw new Error("ENCODE_PARAM_SECRET is not set");
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
}

export interface EncodedLogin {
  u: string;
  p: string;
  l: number;
  expire: number;
  path?: string;
}

/** Makes an encodeParam value (JWE, dir + A256GCM): used by integrations and by tests. */
export async function encodeLoginParam(env: Env, payload: EncodedLogin): Promise<string> {
  return new EncryptJWT({ ...payload }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(await encodeKey(env));
}

/** Decrypts an encodeParam value; null when tampered, malformed or past its expiry. */
export async function decodeLoginParam(env: Env, value: string): Promise<EncodedLogin | null> {
  try {
    const { payload } = await jwtDecrypt(value, await encodeKey(env));
    const { u, p, l, expire, path } = payload as Record<string, unknown>;
    if (typeof u !== "string" || typeof p !== "string" || typeof expire !== "number") return null;
    if (expire <= Date.now()) return null;
    return { u, p, l: typeof l === "number" ? l : LOGIN_TYPE.encodeParam, expire, path: typeof path === "string" ? path : undefined };
  } catch {
    return null;
  }
}

function zuqiKey(env: Env): Uint8Array {
  const secret = env.ZUQI_TOKEN_SECRET ?? (env.APP_ENV === "production" ? "" : "derrick-local-zuqi-secret");
  if (!secret) throw new Error("ZUQI_TOKEN_SECRET is not set");
  return new TextEncoder().encode(secret);
}

/** A zuqiToken is an HS256 JWT whose subject is the login account, issued by the rental system. */
export async function issueZuqiToken(env: Env, account: string, ttlSeconds = 300): Promise<string> {
  return new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(account).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(zuqiKey(env));
}

/** Login type 8: the token stands for both user and password. */
export async function tokenLogin(db: Db, env: Env, token: string): Promise<LoginResult> {
  try {
    const { payload } = await jwtVerify(token, zuqiKey(env), { algorithms: ["HS256"] });
    if (!payload.sub) return { ok: false, error: "badCredentials" };
    const [user] = await db.select().from(users).where(eq(users.loginAccount, payload.sub)).limit(1);
    if (!user) return { ok: false, error: "badCredentials" };
    const problem = await accountProblem(db, user, false);
    return problem ? { ok: false, error: problem } : { ok: true, user: { id: user.id, tenantId: user.tenantId } };
  } catch {
    return { ok: false, error: "badCredentials" };
  }
}

