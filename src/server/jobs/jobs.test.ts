import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { type JobQueue, jobsSchemaOf } from '.';
import { outboxQueue } from './outbox-queue';
import { pgBossQueue } from './pg-boss-queue';

declare module '@server/jobs' {
  interface JobPayloads {
    'test.count': { n: number };
  }
}

const databaseUrl = process.env.DATABASE_URL;
const quietLog = { error: () => undefined };

let t: TestDatabase;
let queues: JobQueue[];

/** A queue of this test's database, as one app instance (one process) would build it. */
function newQueue(clock?: () => Date): JobQueue {
  const queue = databaseUrl
    ? pgBossQueue({ databaseUrl, schema: jobsSchemaOf(t.schema) })
    : outboxQueue(t.database.db, clock);
  queues.push(queue);
  return queue;
}

/** Resolves once `count()` reaches `n` (woken by the handler, never by a timer race). */
function counter() {
  const seen: number[] = [];
  let waiters: Array<() => void> = [];
  return {
    seen,
    handler: async ({ n }: { n: number }) => {
      seen.push(n);
      waiters.forEach((wake) => wake());
      waiters = [];
    },
    async reach(n: number) {
      while (seen.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

async function storedJobs(): Promise<number> {
  if (databaseUrl) {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.id(jobsSchemaOf(t.schema), 'job')}
      where name = 'test.count' and state in ('created', 'retry', 'active')`.execute(t.database.db);
    return result.rows[0]?.count ?? 0;
  }
  const row = await t.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

beforeEach(async () => {
  t = await createTestDatabase();
  queues = [];
});

afterEach(async () => {
  for (const queue of queues) await queue.stop();
  await t.close();
});

describe('background jobs (issue 31 item 1)', () => {
  it('exist only when the transaction that enqueued them commits', async () => {
    const queue = newQueue();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, 'test.count', { n: 1 });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await storedJobs()).toBe(0);

    await t.database.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, 'test.count', { n: 2 });
    });
    expect(await storedJobs()).toBe(1);
  });

  it('survive a process that stopped between the commit and the job: the next one runs it', async () => {
    const crashed = newQueue();
    await t.database.db.transaction().execute(async (trx) => {
      await crashed.enqueue(trx, 'test.count', { n: 7 });
    });
    await crashed.stop();

    const next = newQueue();
    const runs = counter();
    next.work('test.count', runs.handler);
    await next.start({ log: quietLog, schedules: false });
    next.wake();
    await runs.reach(1);
    expect(runs.seen).toEqual([7]);
    // Done jobs are not run again.
    await expect.poll(storedJobs).toBe(0);
  });

  it('run each job once, however many instances work the queue', async () => {
    const runs = counter();
    const instances = [newQueue(), newQueue()];
    for (const instance of instances) instance.work('test.count', runs.handler);
    await Promise.all(instances.map((q) => q.start({ log: quietLog, schedules: false })));
    const numbers = Array.from({ length: 12 }, (_, i) => i);
    for (const n of numbers) await instances[n % 2]!.enqueue(t.database.db, 'test.count', { n });
    instances.forEach((q) => q.wake());
    await runs.reach(numbers.length);
    // A last marker job: once it ran, any duplicate of the earlier ones would have too.
    await instances[0]!.enqueue(t.database.db, 'test.count', { n: 99 });
    instances.forEach((q) => q.wake());
    await runs.reach(numbers.length + 1);
    expect([...runs.seen].sort((a, b) => a - b)).toEqual([...numbers, 99]);
  });
});

describe.skipIf(databaseUrl)('the embedded outbox', () => {
  it('retries a failed job with a growing delay, and not before it', async () => {
    let now = new Date('2026-11-28T12:00:00Z');
    const queue = newQueue(() => now);
    const attempts: Date[] = [];
    let succeeded = false;
    queue.work('test.count', async () => {
      attempts.push(now);
      if (attempts.length < 3) throw new Error('the mail server is down');
      succeeded = true;
    });
    await queue.enqueue(t.database.db, 'test.count', { n: 1 });
    await queue.start({ log: quietLog, schedules: false });
    await expect.poll(() => attempts.length).toBe(1);

    const runAt = async () =>
      (await t.database.db.selectFrom('jobs').select('run_at').executeTakeFirstOrThrow()).run_at;
    await expect.poll(runAt).toBe('2026-11-28T12:00:05.000Z');
    now = new Date('2026-11-28T12:00:04Z');
    queue.wake();
    await queue.stop();
    expect(attempts).toHaveLength(1);

    now = new Date('2026-11-28T12:00:05Z');
    await queue.start({ log: quietLog, schedules: false });
    await expect.poll(() => attempts.length).toBe(2);
    // The second delay is twice the first.
    await expect.poll(runAt).toBe('2026-11-28T12:00:15.000Z');
    now = new Date('2026-11-28T12:00:15Z');
    queue.wake();
    await expect.poll(() => succeeded).toBe(true);
    expect(await storedJobs()).toBe(0);
  });
});
