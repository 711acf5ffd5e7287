import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { jobRuns, sessions, usedTokens } from "../../db/schema";
import worker from "../../workers/app";
import { ENDED_SESSION_RETENTION_MS, housekeeping, JOB_RUN_RETENTION_MS } from "../../workers/jobs/housekeeping";
import { runScheduled, type Job } from "../../workers/scheduled";
import { db, unique } from "./helpers";

const HOUSEKEEPING_CRON = housekeeping.crons[0]!;
const DAY = 24 * 60 * 60 * 1000;

let firings = 0;
/** A scheduled time no other test uses: job_runs keeps one run per job and scheduled time. */
const freshScheduledTime = () => Date.UTC(2026, 10, 1, 19, 30) + (firings++ + Math.floor(Math.random() * 1e6)) * 60_000;

/** One cron firing through the Worker's own scheduled handler, as Cloudflare delivers it. */
async function fire(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const runsAt = (scheduledAt: number) => db().select().from(jobRuns).where(eq(jobRuns.scheduledAt, scheduledAt));

async function seedAuthLeftovers() {
  const now = Date.now();
  const session = (name: string, values: { expiresAt: number; revokedAt?: number | null; lastSeenAt?: number }) => ({
    id: unique(name),
    tenantId: 1,
    userId: 1,
    lastSeenAt: values.lastSeenAt ?? values.expiresAt - 12 * 60 * 60 * 1000,
    expiresAt: values.expiresAt,
    revokedAt: values.revokedAt ?? null,
  });
  const keep = [
    session("live", { expiresAt: now + 6 * 60 * 60 * 1000 }),
    session("idle-yesterday", { expiresAt: now - DAY }),
    session("signed-out-recently", { expiresAt: now + DAY, revokedAt: now - 5 * DAY }),
  ];
  const drop = [
    session("idle-long-ago", { expiresAt: now - ENDED_SESSION_RETENTION_MS - DAY }),
    session("signed-out-long-ago", { expiresAt: now - ENDED_SESSION_RETENTION_MS + DAY, revokedAt: now - ENDED_SESSION_RETENTION_MS - DAY }),
  ];
  await db().insert(sessions).values([...keep, ...drop]);
  const tokens = { live: unique("jti-live"), expired: unique("jti-expired") };
  await db().insert(usedTokens).values([
    { jti: tokens.live, expiresAt: now + 60_000 },
    { jti: tokens.expired, expiresAt: now - 1 },
  ]);
  const [oldRun] = await db()
    .insert(jobRuns)
    .values({ job: unique("old-job"), cron: HOUSEKEEPING_CRON, scheduledAt: now - JOB_RUN_RETENTION_MS - DAY, startedAt: now - JOB_RUN_RETENTION_MS - DAY, outcome: "ok" })
    .returning({ id: jobRuns.id });
  return { keep: keep.map((s) => s.id), drop: drop.map((s) => s.id), tokens, oldRunId: oldRun!.id };
}

const sessionIds = async (ids: string[]) => (await db().select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((r) => r.id).sort();
const tokenIds = async (ids: string[]) => (await db().select({ jti: usedTokens.jti }).from(usedTokens).where(inArray(usedTokens.jti, ids))).map((r) => r.jti).sort();

describe("scheduled jobs", () => {
  it("housekeeping on its cron removes used tokens past expiry and long-ended sessions, keeps live and recent ones, and records the run", async () => {
    const seeded = await seedAuthLeftovers();
    const scheduledTime = freshScheduledTime();
    await fire(HOUSEKEEPING_CRON, scheduledTime);

    expect(await sessionIds([...seeded.keep, ...seeded.drop])).toEqual([...seeded.keep].sort());
    expect(await tokenIds([seeded.tokens.live, seeded.tokens.expired])).toEqual([seeded.tokens.live]);
    expect(await db().select().from(jobRuns).where(eq(jobRuns.id, seeded.oldRunId))).toEqual([]);

    const [run] = await runsAt(scheduledTime);
    expect(run).toMatchObject({ job: "housekeeping", cron: HOUSEKEEPING_CRON, outcome: "ok", error: null });
    expect(run!.finishedAt).toBeGreaterThanOrEqual(run!.startedAt);
    const result = JSON.parse(run!.result!) as Record<string, number>;
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    expect(result.usedTokens).toBeGreaterThanOrEqual(1);
    expect(result.jobRuns).toBeGreaterThanOrEqual(1);
  });

  it("runs no job on a cron that names none", async () => {
    const token = unique("jti-expired");
    await db().insert(usedTokens).values({ jti: token, expiresAt: Date.now() - 1 });
    const scheduledTime = freshScheduledTime();
    await fire("0 0 1 1 *", scheduledTime);
    expect(await runsAt(scheduledTime)).toEqual([]);
    expect(await tokenIds([token])).toEqual([token]);
  });

  it("runs a job once per firing: the worker's scheduled handler, delivered twice, records one run", async () => {
    const scheduledTime = freshScheduledTime();
    await fire(HOUSEKEEPING_CRON, scheduledTime);
    await fire(HOUSEKEEPING_CRON, scheduledTime);
    expect(await runsAt(scheduledTime)).toHaveLength(1);
  });

  it("records a throwing job as failed with its error, and still runs the next", async () => {
    const cron = "*/5 * * * *";
    const ran: string[] = [];
    const failing: Job = {
      name: unique("failing"),
      crons: [cron],
      async run() {
        ran.push("failing");
        throw new Error("the ledger is locked");
      },
    };
    const next: Job = {
      name: unique("next"),
      crons: [cron, "0 * * * *"],
      async run(_env, firing) {
        ran.push(`next ${firing.cron} ${firing.scheduledTime}`);
        return { billed: 3 };
      },
    };
    const elsewhere: Job = { name: unique("elsewhere"), crons: ["0 3 * * *"], run: async () => void ran.push("elsewhere") };
    const scheduledTime = freshScheduledTime();

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcomes = await runScheduled(env, { cron, scheduledTime }, [failing, next, elsewhere]);
    const logs = logged.mock.calls.map((call) => call[0]);
    logged.mockRestore();

    expect(logs).toEqual([`job ${failing.name} failed`]);

    expect(ran).toEqual(["failing", `next ${cron} ${scheduledTime}`]);
    expect(outcomes.map((o) => [o.job, o.outcome])).toEqual([
      [failing.name, "failed"],
      [next.name, "ok"],
    ]);
    const runs = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.scheduledAt, scheduledTime), inArray(jobRuns.job, [failing.name, next.name, elsewhere.name])));
    const byJob = Object.fromEntries(runs.map((r) => [r.job, r]));
    expect(Object.keys(byJob).sort()).toEqual([failing.name, next.name].sort());
    expect(byJob[failing.name]).toMatchObject({ cron, outcome: "failed", result: null });
    expect(byJob[failing.name]!.error).toContain("the ledger is locked");
    expect(byJob[failing.name]!.finishedAt).not.toBeNull();
    expect(byJob[next.name]).toMatchObject({ outcome: "ok", error: null, result: JSON.stringify({ billed: 3 }) });
  });
});
