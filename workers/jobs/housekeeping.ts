import { and, isNotNull, lt, or } from "drizzle-orm";
import { batch, changedRows, getDb } from "../../db/client";
import { jobRuns, sessions, usedTokens } from "../../db/schema";
import type { Job } from "./job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ended session (signed out, revoked, idle past its end) is kept this long for questions about who was signed in. */
export const ENDED_SESSION_RETENTION_MS = 30 * DAY_MS;
/** How long job_runs keeps a run. */
export const JOB_RUN_RETENTION_MS = 90 * DAY_MS;

/**
 * Daily: sign-in tokens past their expiry (the token itself is refused by then, so its "used" mark serves no more),
 * sessions that ended more than 30 days ago, and job runs older than 90 days. A live session (not revoked, not past
 * its idle end) is never touched: its end lies in the future, past every cutoff.
 */
export const housekeeping: Job = {
  name: "housekeeping",
  // 19:30 UTC is 03:30 in China, the quietest hour of the default tenants
  crons: ["30 19 * * *"],
  async run(env) {
    const db = getDb(env);
    const now = Date.now();
    const sessionCutoff = now - ENDED_SESSION_RETENTION_MS;
    const [tokens, ended, runs] = await batch(db, [
      db.delete(usedTokens).where(lt(usedTokens.expiresAt, now)),
      db.delete(sessions).where(or(lt(sessions.expiresAt, sessionCutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff)))),
      db.delete(jobRuns).where(lt(jobRuns.startedAt, now - JOB_RUN_RETENTION_MS)),
    ]);
    return { usedTokens: changedRows(tokens), sessions: changedRows(ended), jobRuns: changedRows(runs) };
  },
};
