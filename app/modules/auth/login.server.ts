import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { decodeProtectedHeader, EncryptJWT, jwtDecrypt, jwtVerify, SignJWT } from "jose";
import type { Db } from "../../../db/client";
import { tenants, usedTokens, users, verificationCodes } from "../../../db/schema";
import type { Env } from "../../../workers/env";
import { DUMMY_HASH, hashPassword, verifyPassword } from "~/lib/password";
import { messageProvider, type ProviderEnv } from "./notify.server";
import { attemptFailed, attemptSucceeded, beginAttempt, forgetSubject, UNKNOWN_SOURCE } from "./throttle.server";
import { ENABLED } from "../../../db/states";

/** Failures of one account (or phone) and source before that source must wait (throttle.server.ts). */
export { PAIR_THRESHOLD as MAX_FAILURES } from "./throttle.server";

export const CODE_TTL_MS = 5 * 60 * 1000;
const CODE_RESEND_MS = 60 * 1000;

/** Login types (spec §3 loginType): 0 password, 1 SMS code, 8 zuqiToken, 9 encodeParam link. */
export const LOGIN_TYPE = { password: 0, sms: 1, token: 8, encodeParam: 9 } as const;

export type LoginError = "badCredentials" | "locked" | "disabled" | "expired" | "notAdmin" | "badSmsCode";
/** `retryAfterMs` comes with "locked": how long this source must wait before its next attempt is checked. */
export type LoginResult = { ok: true; user: { id: number; tenantId: number } } | { ok: false; error: LoginError; retryAfterMs?: number };

/** Where a password or SMS sign-in comes from (`signInSource(request)`), and the providers for the owner's notice. */
export interface SignInAttempt {
  source?: string;
  env?: ProviderEnv;
}

type UserRow = typeof users.$inferSelect;

const locked = (retryAfterMs: number): LoginResult => ({ ok: false, error: "locked", retryAfterMs });

/** Whether the account may sign in at all, checked only after the secret was right (so it reveals nothing to a guesser). */
async function accountProblem(db: Db, user: UserRow, adminLogin: boolean): Promise<LoginError | null> {
  const [tenant] = await db.select({ state: tenants.state }).from(tenants).where(eq(tenants.id, user.tenantId));
  if (user.state !== ENABLED || tenant?.state !== ENABLED) return "disabled";
  if (user.expiresAt !== null && user.expiresAt <= Date.now()) return "expired";
  if (adminLogin && user.isAdmin !== 1) return "notAdmin";
  return null;
}

/**
 * Account + password. Failures are throttled per account and source whether or not the account exists
 * (throttle.server.ts), and an unknown account spends the same hashing time, so nothing reveals which accounts exist.
 */
export async function passwordLogin(
  db: Db,
  input: { account: string; password: string; adminLogin?: boolean },
  from: SignInAttempt = {},
): Promise<LoginResult> {
  const account = input.account.trim();
  const source = from.source ?? UNKNOWN_SOURCE;
  const subject = { kind: "account" as const, name: account };
  const attempt = await beginAttempt(db, subject, source);
  if (!attempt.ok) return locked(attempt.retryAfterMs);
  const [user] = await db.select().from(users).where(eq(users.loginAccount, account)).limit(1);
  const good = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !good) {
    const wait = await attemptFailed(db, attempt, { ...subject, source, owner: user, env: from.env });
    return wait ? locked(wait) : { ok: false, error: "badCredentials" };
  }
  await attemptSucceeded(db, attempt);
  const problem = await accountProblem(db, user, !!input.adminLogin);
  return problem ? { ok: false, error: problem } : { ok: true, user: { id: user.id, tenantId: user.tenantId } };
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

/** Phone + SMS code: throttled per phone and source, like the password (throttle.server.ts). */
export async function smsLogin(db: Db, input: { phone: string; code: string }, from: SignInAttempt = {}): Promise<LoginResult> {
  const phone = input.phone.trim();
  const source = from.source ?? UNKNOWN_SOURCE;
  const subject = { kind: "phone" as const, name: phone };
  const attempt = await beginAttempt(db, subject, source);
  if (!attempt.ok) return locked(attempt.retryAfterMs);
  const user = await findUserByTarget(db, "sms", phone);
  const good = await consumeCode(db, "sms", phone, "login", input.code);
  if (!user || !good) {
    const wait = await attemptFailed(db, attempt, { ...subject, source, owner: user, env: from.env });
    return wait ? locked(wait) : { ok: false, error: "badSmsCode" };
  }
  await attemptSucceeded(db, attempt);
  const problem = await accountProblem(db, user, false);
  return problem ? { ok: false, error: problem } : { ok: true, user: { id: user.id, tenantId: user.tenantId } };
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
  await forgetSubject(db, { kind: "account", name: user.loginAccount });
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

/** Audiences of the HS256 tokens signed with ZUQI_TOKEN_SECRET: each token is accepted only where it was meant to go. */
export const TOKEN_AUDIENCE = { signIn: "derrick-signin", project: "hzzb-project" } as const;
/** Longest lifetime (exp − iat) a token may have, when issued and when accepted. */
export const TOKEN_MAX_LIFETIME_S = 60 * 60;
const TOKEN_CLOCK_SKEW_S = 30;

async function signToken(env: Env, account: string, audience: string, ttlSeconds: number): Promise<string> {
  if (!(ttlSeconds > 0 && ttlSeconds <= TOKEN_MAX_LIFETIME_S)) throw new RangeError(`token lifetime must be 1..${TOKEN_MAX_LIFETIME_S} s`);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(account)
    .setAudience(audience)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(zuqiKey(env));
}

/**
 * A zuqiToken (login type 8): an HS256 JWT whose subject is the login account, audience "derrick-signin", with a
 * unique jti, iat and exp (at most an hour apart); it signs in once. Issued by the rental system and by tests.
 */
export function issueZuqiToken(env: Env, account: string, ttlSeconds = 300): Promise<string> {
  return signToken(env, account, TOKEN_AUDIENCE.signIn, ttlSeconds);
}

/** The token for the project-management system (menu items 4001/4002): audience "hzzb-project", never a sign-in. */
export function issueProjectToken(env: Env, account: string, ttlSeconds = 120): Promise<string> {
  return signToken(env, account, TOKEN_AUDIENCE.project, ttlSeconds);
}

/**
 * Spends a sign-in token's jti: the first use inserts it, any later one conflicts. Rows are kept until the token
 * could no longer be accepted anyway, and the expired ones are pruned on the way.
 */
async function spendToken(db: Db, jti: string, expSeconds: number): Promise<boolean> {
  const now = Date.now();
  const [spent] = await db
    .insert(usedTokens)
    .values({ jti, expiresAt: (expSeconds + TOKEN_CLOCK_SKEW_S) * 1000 })
    .onConflictDoNothing()
    .returning({ jti: usedTokens.jti });
  await db.delete(usedTokens).where(lt(usedTokens.expiresAt, now));
  return !!spent;
}

/**
 * Login type 8: the token stands for both user and password. Only HS256 sign-in tokens (audience "derrick-signin")
 * with sub, jti, iat and exp, a lifetime of at most an hour, and a jti never used before.
 */
export async function tokenLogin(db: Db, env: Env, token: string): Promise<LoginResult> {
  const refused: LoginResult = { ok: false, error: "badCredentials" };
  let payload;
  try {
    // another algorithm is refused before jose sees it: jose's refusal of it was reported as an unhandled rejection in workerd
    if (decodeProtectedHeader(token).alg !== "HS256") return refused;
    ({ payload } = await jwtVerify(token, zuqiKey(env), {
      algorithms: ["HS256"],
      audience: TOKEN_AUDIENCE.signIn,
      requiredClaims: ["sub", "jti", "exp"],
      maxTokenAge: TOKEN_MAX_LIFETIME_S,
      clockTolerance: TOKEN_CLOCK_SKEW_S,
    }));
  } catch {
    return refused;
  }
  const { sub, jti, exp, iat, aud } = payload;
  // one audience, not a list that merely includes ours
  if (aud !== TOKEN_AUDIENCE.signIn || !sub || typeof jti !== "string" || !jti || jti.length > 128) return refused;
  if (typeof exp !== "number" || typeof iat !== "number" || exp - iat > TOKEN_MAX_LIFETIME_S) return refused;
  if (!(await spendToken(db, jti, exp))) return refused;
  const [user] = await db.select().from(users).where(eq(users.loginAccount, sub)).limit(1);
  if (!user) return refused;
  const problem = await accountProblem(db, user, false);
  return problem ? { ok: false, error: problem } : { ok: true, user: { id: user.id, tenantId: user.tenantId } };
}
