import type { Db } from '@server/db/database';

/**
 * The payload of each kind of job, by name. Features add their own jobs by declaration
 * merging, so this module never imports a feature:
 *
 *   declare module '@server/jobs' { interface JobPayloads { 'mail.account': AccountMailJob } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface EnqueueOptions {
  /** Not before this moment (a reminder, a purge on day 15). */
  startAfter?: Date;
}

/** Where a failing job is reported (the app's pino logger). */
export interface JobsLog {
  error(details: object, message: string): void;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

/**
 * Background jobs (issue 31 item 1, docs/decisions.md "Background jobs"): enqueued in the
 * transaction of the change that causes them, run at least once by exactly one worker of
 * the deployment at a time, retried with backoff. A handler must therefore be idempotent.
 */
export interface JobQueue {
  /**
   * Adds a job through `trx`, the caller's transaction (or the database for a change of its
   * own): it exists exactly when that transaction commits. Call `wake()` after the commit.
   */
  enqueue<N extends JobName>(
    trx: Db,
    name: N,
    data: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Registers the handler of a kind of job; call before `start()`. */
  work<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Runs a (payload-less) job on a cron schedule, once per deployment, not per instance. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]): void;
  /** Looks for due jobs now instead of at the next poll (after a commit that enqueued some). */
  wake(): void;
  /** Starts the workers, and the schedules where asked (not in tests, which run jobs by hand). */
  start(options: { log: JobsLog; schedules: boolean }): Promise<void>;
  /** Stops taking jobs and waits for running ones. */
  stop(): Promise<void>;
}

/** How often a job is tried, and the first delay of its exponential backoff. */
export const JOB_RETRY_LIMIT = 8;
export const JOB_RETRY_DELAY_SECONDS = 5;
/** A job that runs longer is taken to have crashed and is run again. */
export const JOB_EXPIRE_SECONDS = 15 * 60;
