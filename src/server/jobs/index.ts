import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/database';
import type { JobQueue } from './job-queue';
import { outboxQueue } from './outbox-queue';
import { pgBossQueue } from './pg-boss-queue';

// Background jobs (issue 31 item 1): one interface, pg-boss on PostgreSQL, an outbox table
// on the embedded SQLite default. Infrastructure: it never imports a feature.
export type { EnqueueOptions, JobName, JobPayloads, JobQueue, JobsLog } from './job-queue';

/** pg-boss's schema: beside the app's own, so each installation (and test schema) has one. */
export const jobsSchemaOf = (schema: string) => `${schema}_jobs`;

export function createJobQueue(config: Config, database: DatabaseHandle): JobQueue {
  return config.DATABASE_URL
    ? pgBossQueue({
        databaseUrl: config.DATABASE_URL,
        schema: jobsSchemaOf(config.DATABASE_SCHEMA),
      })
    : outboxQueue(database.db);
}
