import type { Db } from '@server/db/database';
import {
  type EnqueueOptions,
  JOB_EXPIRE_SECONDS,
  JOB_RETRY_DELAY_SECONDS,
  JOB_RETRY_LIMIT,
  type JobHandler,
  type JobName,
  type JobQueue,
  type JobsLog,
} from './job-queue';
import { intervalOfCron } from './schedule-interval';

const POLL_MS = 1_000;

/**
 * The embedded default (SQLite): jobs are rows of the `jobs` table in the same database as
 * the changes that enqueue them, worked in this process one at a time. SQLite serves one
 * instance, so "once per deployment" is "once in this process"; a row is claimed by one
 * UPDATE that marks it locked, and a worker that dies leaves the lock to expire.
 */
export function outboxQueue(db: Db, clock: () => Date = () => new Date()): JobQueue {
  const handlers = new Map<string, (data: unknown) => Promise<void>>();
  const schedules: Array<{ name: string; everyMs: number; data: unknown }> = [];
  const timers: NodeJS.Timeout[] = [];
  let log: JobsLog | undefined;
  let started = false;
  let draining: Promise<void> | undefined;
  let again = false;

  async function claimNext() {
    if (handlers.size === 0) return undefined;
    const now = clock().toISOString();
    return db
      .updateTable('jobs')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        locked_until: new Date(clock().getTime() + JOB_EXPIRE_SECONDS * 1000).toISOString(),
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('failed_at', 'is', null)
          .where('run_at', '<=', now)
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
          .where('name', 'in', [...handlers.keys()])
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function runOne(job: NonNullable<Awaited<ReturnType<typeof claimNext>>>) {
    const handler = handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(JSON.parse(job.data_json));
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    } catch (error) {
      log?.error({ err: error, job: job.name, attempt: job.attempts }, 'job failed');
      const lastError = error instanceof Error ? error.message : String(error);
      if (job.attempts >= JOB_RETRY_LIMIT) {
        // Its key is freed, so the same work can be asked for again.
        await db
          .updateTable('jobs')
          .set({ failed_at: clock().toISOString(), locked_until: null, singleton_key: null })
          .set({ last_error: lastError })
          .where('id', '=', job.id)
          .execute();
        return;
      }
      const delayMs = JOB_RETRY_DELAY_SECONDS * 1000 * 2 ** (job.attempts - 1);
      await db
        .updateTable('jobs')
        .set({
          run_at: new Date(clock().getTime() + delayMs).toISOString(),
          locked_until: null,
          last_error: lastError,
        })
        .where('id', '=', job.id)
        .execute();
    }
  }

  async function drain() {
    do {
      again = false;
      for (let job = await claimNext(); job; job = await claimNext()) await runOne(job);
    } while (again);
  }

  function wake() {
    if (!started) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log?.error({ err: error }, 'job worker failed'))
      .finally(() => {
        draining = undefined;
      });
  }

  /** `singletonKey` (internal: the schedules) makes a second enqueue while one waits a no-op. */
  async function enqueue<N extends JobName>(
    trx: Db,
    name: N,
    data: unknown,
    options: EnqueueOptions & { singletonKey?: string } = {},
  ) {
    const now = clock();
    await trx
      .insertInto('jobs')
      .values({
        name,
        data_json: JSON.stringify(data),
        singleton_key: options.singletonKey ?? null,
        run_at: (options.startAfter ?? now).toISOString(),
        attempts: 0,
        locked_until: null,
        last_error: null,
        failed_at: null,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('singleton_key').doNothing())
      .execute();
  }

  return {
    enqueue,
    work<N extends JobName>(name: N, handler: JobHandler<N>) {
      handlers.set(name, handler as (data: unknown) => Promise<void>);
    },
    schedule(name, cron, data) {
      schedules.push({ name, everyMs: intervalOfCron(cron), data });
    },
    wake,
    async start(options) {
      log = options.log;
      started = true;
      timers.push(setInterval(wake, POLL_MS).unref());
      if (options.schedules) {
        for (const { name, everyMs, data } of schedules) {
          // One waiting run at a time: a slow run is not stacked up behind itself.
          const enqueueRun = () =>
            enqueue(db, name as JobName, data, { singletonKey: `schedule:${name}` })
              .then(wake)
              .catch((error: unknown) => log?.error({ err: error }, 'scheduling a job failed'));
          timers.push(setInterval(enqueueRun, everyMs).unref());
          void enqueueRun();
        }
      }
      wake();
    },
    async stop() {
      started = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await draining;
    },
  };
}
