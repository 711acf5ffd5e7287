import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginThrottle, userSettings, users } from "../../../db/schema";
import { isLanguage } from "~/i18n";
import enAuth from "~/i18n/en-US/auth";
import zhAuth from "~/i18n/zh-CN/auth";
import { messageProvider, type ProviderEnv } from "./notify.server";

/*
 * Failed sign-ins are throttled per (account or phone, source) pair, so a guesser slows only itself (ADR 004):
 * - a pair's first PAIR_THRESHOLD - 1 failures cost nothing; from the PAIR_THRESHOLD-th on, the pair must wait
 *   FIRST_WAIT_MS, doubling with each further failure up to MAX_WAIT_MS, before its next attempt is even checked;
 * - failures are also counted per account (or phone) across all sources; past ACCOUNT_CEILING every pair of that
 *   account waits from its first failure instead of its fifth. A pair that has not failed is never held up, so
 *   nobody can lock the owner out from elsewhere;
 * - a pair reaching its threshold sends the owner a notice, at most one an hour.
 * Rows are forgotten FORGET_MS after their last failure; a right answer clears its own pair.
 */
export const PAIR_THRESHOLD = 5;
export const ACCOUNT_CEILING = 50;
export const FIRST_WAIT_MS = 30 * 1000;
export const MAX_WAIT_MS = 15 * 60 * 1000;
export const FORGET_MS = 24 * 60 * 60 * 1000;
export const NOTICE_INTERVAL_MS = 60 * 60 * 1000;
export const UNKNOWN_SOURCE = "unknown";

/** What is being guessed: an account name (password sign-in) or a phone number (SMS code sign-in). */
export interface ThrottleSubject {
  kind: "account" | "phone";
  name: string;
}

/** Where an attempt comes from: the client address Cloudflare vouches for, else one shared "unknown" source. */
export function signInSource(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || UNKNOWN_SOURCE;
}

const subjectKey = (s: ThrottleSubject) => `${s.kind}:${s.kind === "account" ? s.name.toLowerCase() : s.name}`;
const pairKey = (s: ThrottleSubject, source: string) => `${subjectKey(s)}|${source}`;

/** The wait a pair owes after its n-th failure (0 below the threshold). */
export function waitAfter(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - threshold, 16));
}

export type Attempt = { ok: true; key: string; failures: number; threshold: number } | { ok: false; retryAfterMs: number };

/**
 * Reserves an attempt before the secret is checked: the pair's failure is counted now, atomically, and an attempt
 * inside the pair's wait is refused unchecked. So parallel requests cannot slip more guesses past the threshold.
 * The caller calls `attemptSucceeded` (clears the pair) or `attemptFailed` afterwards.
 */
export async function beginAttempt(db: Db, subject: ThrottleSubject, source: string): Promise<Attempt> {
  const now = Date.now();
  const key = pairKey(subject, source);
  const [account] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, subjectKey(subject)));
  const crowded = !!account && account.updatedAt > now - FORGET_MS && account.failures >= ACCOUNT_CEILING;
  const threshold = crowded ? 1 : PAIR_THRESHOLD;
  const t = loginThrottle;
  const failures = sql`(case when ${t.updatedAt} <= ${now - FORGET_MS} then 1 else ${t.failures} + 1 end)`;
  // the same rule as waitAfter, in SQL, so counting and setting the wait are one statement
  const lockedUntil = sql`(case when ${failures} >= ${threshold} then ${now} + min(${MAX_WAIT_MS}, ${FIRST_WAIT_MS} << min(${failures} - ${threshold}, 16)) else null end)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, lockedUntil: waitAfter(1, threshold) ? now + waitAfter(1, threshold) : null, updatedAt: now })
    .onConflictDoUpdate({ target: t.key, set: { failures, lockedUntil, updatedAt: now }, setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${now}` })
    .returning({ failures: t.failures });
  if (row) return { ok: true, key, failures: row.failures, threshold };
  const [waiting] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, key));
  return { ok: false, retryAfterMs: Math.max(1000, (waiting?.lockedUntil ?? now) - now) };
}

/** The secret was right: the pair starts again from nothing. */
export async function attemptSucceeded(db: Db, attempt: Extract<Attempt, { ok: true }>) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, attempt.key));
}

/**
 * The secret was wrong: counts the failure for the account too and, when the pair has just reached its threshold,
 * tells the owner (if the subject is someone's). Answers how long the pair must now wait (0 = not yet).
 */
export async function attemptFailed(
  db: Db,
  attempt: Extract<Attempt, { ok: true }>,
  subject: ThrottleSubject & { source: string; owner?: typeof users.$inferSelect; env?: ProviderEnv },
): Promise<number> {
  const now = Date.now();
  const t = loginThrottle;
  await db
    .insert(t)
    .values({ key: subjectKey(subject), failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({ target: t.key, set: { failures: sql`(case when ${t.updatedAt} <= ${now - FORGET_MS} then 1 else ${t.failures} + 1 end)`, lockedUntil: null, updatedAt: now } });
  if (attempt.failures === attempt.threshold && subject.owner) await noticeOwner(db, subject.env, subject.owner, subject.source);
  return waitAfter(attempt.failures, attempt.threshold);
}

/** Forgets every count of an account (after its password was reset with a code sent to the owner). */
export async function forgetSubject(db: Db, subject: ThrottleSubject) {
  const key = subjectKey(subject);
  await db.delete(loginThrottle).where(or(eq(loginThrottle.key, key), sql`substr(${loginThrottle.key}, 1, ${key.length + 1}) = ${`${key}|`}`));
}

/** Tells the owner that a source keeps failing to sign in as them; one notice an hour at most, whatever the source. */
async function noticeOwner(db: Db, env: ProviderEnv | undefined, owner: typeof users.$inferSelect, source: string) {
  const channel = owner.email ? "email" : owner.phone ? "sms" : null;
  if (!channel) return;
  const now = Date.now();
  const t = loginThrottle;
  const [due] = await db
    .insert(t)
    .values({ key: `notice:user:${owner.id}`, failures: 0, lockedUntil: now + NOTICE_INTERVAL_MS, updatedAt: now })
    .onConflictDoUpdate({ target: t.key, set: { lockedUntil: now + NOTICE_INTERVAL_MS, updatedAt: now }, setWhere: sql`${t.lockedUntil} <= ${now}` })
    .returning({ key: t.key });
  if (!due) return;
  const [settings] = await db.select({ lang: userSettings.lang }).from(userSettings).where(eq(userSettings.userId, owner.id));
  // the auth texts alone: the entry's sign-in by link runs this in the Worker's own bundle, where the whole resources
  // (the screen registry's titles among them, gathered by the app's bundler) have no business
  const texts = (isLanguage(settings?.lang) && settings.lang === "en-US" ? enAuth : zhAuth).notice;
  const fill = (s: string) => s.replace("{{account}}", owner.loginAccount).replace("{{source}}", source);
  try {
    await messageProvider(env ?? {}, db, channel).send({
      tenantId: owner.tenantId,
      channel,
      recipient: (channel === "email" ? owner.email : owner.phone)!,
      subject: channel === "email" ? texts.subject : undefined,
      body: fill(texts.body),
    });
  } catch (error) {
    // the answer to the sign-in never depends on the notice being delivered
    console.error("sign-in notice not sent", error);
  }
}
