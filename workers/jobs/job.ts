/**
 * What a scheduled job is (workers/scheduled.ts runs them): its own module, so that a job imports these without
 * importing the list of jobs it is on (a cycle: the seed, which imports a job, found the list before its jobs).
 */
import type { Env } from "../env";

/** What a job is told about the firing that runs it. */
export interface JobFiring {
  /** when the cron was due (UTC ms), not when the job started */
  scheduledTime: number;
  /** the expression that fired, as written in wrangler.toml */
  cron: string;
}

/** A part of a job's work that failed (one tenant's, one contract's): what it was and the error. The other parts went on. */
export interface JobFailure {
  tenantId: number;
  contractId?: number;
  /** the contract's number, for whoever reads the run */
  contract?: string;
  error: string;
}

/** What a job answers: counts of rows touched …, and the parts that failed, if any (the run is then recorded as failed). */
export type JobResult = Record<string, unknown> & { failures?: JobFailure[] };

/** A scheduled job: a unique name (recorded in job_runs), the crons it runs on, and its work. */
export interface Job {
  name: string;
  /** cron expressions (UTC), each also listed in wrangler.toml `[triggers] crons` */
  crons: readonly string[];
  /** what it answers is recorded with the run */
  run(env: Env, firing: JobFiring): Promise<JobResult | void>;
}

/** A failed part's error as a JobFailure's `error`: the error's name and message (its stack is logged). */
export const failureText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

