import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
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

/**
 * Creates a queue unless it exists. Instances that start together race to create the same
 * queue's partition, and PostgreSQL ends all but one of them with a deadlock error: those
 * try again once the winner committed.
 */
async function createQueueOnce(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * PostgreSQL: pg-boss in a schema of its own. Its `send` runs through the caller's Kysely
 * transaction (pg-boss's `db` option), so a job is committed with its change or not at all;
 * pg-boss's SKIP LOCKED fetch gives each job to one worker of the deployment, and its cron
 * runs each schedule once per deployment, however many instances run.
 */
export function pgBossQueue(options: { databaseUrl: string; schema: string }): JobQueue {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema,
    max: 4,
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: JOB_EXPIRE_SECONDS,
  });
  const handlers = new Map<string, (data: unknown) => Promise<void>>();
  const schedules: Array<{ name: string; cron: string; data: object }> = [];
  const workerIds: string[] = [];
  const queues = new Map<string, Promise<void>>();
  let installed: Promise<unknown> | undefined;

  // Installs (or migrates) pg-boss's schema once, on the first need.
  const install = () => (installed ??= boss.start());
  const ensureQueue = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = install().then(() => createQueueOnce(boss, name));
      queue.catch(() => queues.delete(name));
      queues.set(name, queue);
    }
    return queue;
  };

  /** pg-boss's statements run on the caller's connection, inside its transaction. */
  const through = (trx: Db): PgBoss.Db => ({
    executeSql: async (text, values) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  });

  return {
    async enqueue<N extends JobName>(
      trx: Db,
      name: N,
      data: unknown,
      { startAfter }: EnqueueOptions = {},
    ) {
      await ensureQueue(name);
      await boss.send(name, data as object, {
        db: through(trx),
        ...(startAfter ? { startAfter } : {}),
      });
    },
    work<N extends JobName>(name: N, handler: JobHandler<N>) {
      handlers.set(name, handler as (data: unknown) => Promise<void>);
    },
    schedule(name, cron, data) {
      schedules.push({ name, cron, data: data as object });
    },
    wake() {
      for (const id of workerIds) boss.notifyWorker(id);
    },
    async start({ log, schedules: withSchedules }: { log: JobsLog; schedules: boolean }) {
      await install();
      boss.on('error', (error) => log.error({ err: error }, 'pg-boss failed'));
      for (const [name, handler] of handlers) {
        await ensureQueue(name);
        const id = await boss.work(
          name,
          { pollingIntervalSeconds: 1, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await handler(job.data);
            } catch (error) {
              log.error({ err: error, job: name }, 'job failed');
              throw error;
            }
          },
        );
        workerIds.push(id);
      }
      if (withSchedules) {
        for (const { name, cron, data } of schedules) {
          await ensureQueue(name);
          await boss.schedule(name, cron, data);
        }
      }
    },
    async stop() {
      workerIds.length = 0;
      if (installed) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
