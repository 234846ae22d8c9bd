import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  // issue 7 §1.6: failures are counted per typed address (hashed), known or not, so a locked
  // account answers like an unknown address. Failures are short-lived: start afresh.
  await db.schema.dropTable('login_failures').execute();
  await withIdColumn(db, db.schema.createTable('login_failures'))
    .addColumn('subject', 'text', notNull)
    .addColumn('device_scope', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_lookup')
    .on('login_failures')
    .columns(['subject', 'device_scope', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
