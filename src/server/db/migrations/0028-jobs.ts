import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// Issue 31 item 1: the outbox of background jobs on the embedded SQLite default, in the same
// database as the changes that enqueue them, so a job is committed with its change or not at
// all. PostgreSQL keeps its jobs in pg-boss's own schema instead (src/server/jobs/); the table
// exists there too, empty, so both dialects share one set of migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('name', 'text', notNull)
    .addColumn('data_json', 'text', notNull)
    // Enqueueing a key that is already waiting is a no-op (an idempotent enqueue).
    .addColumn('singleton_key', 'text', (column) => column.unique())
    .addColumn('run_at', 'text', notNull)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    // Set while a worker runs it; a worker that died leaves it to expire and be run again.
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    // Set when its retries are used up: kept for an operator, never picked again.
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['failed_at', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
