/**
 * The Worker's cron entry: each `[triggers] crons` firing in wrangler.toml runs the jobs registered for that
 * expression, one after another. A failing job does not stop the others; every run is recorded in `job_runs`
 * (started, finished, outcome, error). How to add a job: docs/jobs.md.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { jobRuns } from "../db/schema";
import type { Env } from "./env";
import { bills } from "./jobs/bills";
import { commandExpiry } from "./jobs/command-expiry";
import { housekeeping } from "./jobs/housekeeping";
import { inspectionTasksJob } from "./jobs/inspection-tasks";
import { interest } from "./jobs/interest";
import { maintenance } from "./jobs/maintenance";
import { terminalHealth } from "./jobs/terminal-health";
import { failureText, type Job, type JobFailure, type JobFiring, type JobResult } from "./jobs/job";

export { failureText, type Job, type JobFailure, type JobFiring, type JobResult };

/** Every job, in the order they run when a firing names several. */
export const JOBS: readonly Job[] = [housekeeping, bills, interest, inspectionTasksJob, maintenance, terminalHealth, commandExpiry];

/** The outcome of one job in a firing; `skipped` when this firing already ran it (a repeated delivery). */
export interface JobOutcome {
  job: string;
  outcome: "ok" | "failed" | "skipped";
  error?: string;
}

/**
 * Runs the jobs of one firing and records each. Answers each job's outcome; a failure is recorded and logged, and the
 * next job still runs. A job that answers `failures` (parts of its work that failed while the rest was done) is
 * recorded as failed, with its result and the failures as its error.
 */
export async function runScheduled(env: Env, firing: JobFiring, jobs: readonly Job[] = JOBS): Promise<JobOutcome[]> {
  const db = getDb(env);
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    if (!job.crons.includes(firing.cron)) continue;
    const [started] = await db
      .insert(jobRuns)
      .values({ job: job.name, cron: firing.cron, scheduledAt: firing.scheduledTime, startedAt: Date.now(), outcome: "running" })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    if (!started) {
      outcomes.push({ job: job.name, outcome: "skipped" });
      continue;
    }
    let outcome: JobOutcome;
    let result: JobResult | void = undefined;
    try {
      result = await job.run(env, firing);
      // some tenants or contracts failed while the others were done: a failed run, its result saying what failed
      const failures = result?.failures ?? [];
      outcome = failures.length
        ? { job: job.name, outcome: "failed", error: `${failures.length} failed: ${failures.map((f) => `tenant ${f.tenantId}${f.contract ? ` contract ${f.contract} (${f.contractId})` : ""}: ${f.error}`).join("; ")}` }
        : { job: job.name, outcome: "ok" };
    } catch (error) {
      console.error(`job ${job.name} failed`, error);
      outcome = { job: job.name, outcome: "failed", error: errorText(error) };
    }
    await db
      .update(jobRuns)
      .set({ finishedAt: Date.now(), outcome: outcome.outcome === "ok" ? "ok" : "failed", result: result ? JSON.stringify(result) : null, error: outcome.error ?? null })
      .where(eq(jobRuns.id, started.id));
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * The Worker's `scheduled` handler. When a job failed, the invocation fails after all have run, so Cloudflare's cron
 * events show it too.
 */
export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  const outcomes = await runScheduled(env, { scheduledTime: controller.scheduledTime, cron: controller.cron });
  const failed = outcomes.filter((o) => o.outcome === "failed");
  if (failed.length) throw new Error(`scheduled jobs failed: ${failed.map((o) => `${o.job} (${o.error?.split("\n")[0]})`).join(", ")}`);
}

const errorText = (error: unknown) => (error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));
