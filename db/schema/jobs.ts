import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";

/**
 * Each run of a scheduled job (workers/scheduled.ts): what ran, for which cron firing, when it started and ended, and
 * how it went. A row is written as the job starts ("running") and completed when it ends, so a run cut short by the
 * runtime stays visible. One run per job and scheduled time: a repeated delivery of the same firing does not run a
 * job twice.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    cron: text("cron").notNull(),
    scheduledAt: ms("scheduled_at").notNull(),
    startedAt: ms("started_at").notNull(),
    finishedAt: ms("finished_at"),
    outcome: text("outcome", { enum: ["running", "ok", "failed"] }).notNull(),
    /** what the job reports (JSON: counts of rows it touched …) */
    result: text("result"),
    /** the error's message and stack when it failed */
    error: text("error"),
  },
  (t) => [
    uniqueIndex("job_runs_job_scheduled_uq").on(t.job, t.scheduledAt),
    index("job_runs_started_idx").on(t.startedAt),
    check("job_runs_outcome", sql`${t.outcome} in ('running', 'ok', 'failed')`),
  ],
);
