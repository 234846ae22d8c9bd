import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// Issue 30 items 1 and 2: staff are their own identity (never a member), with their own
// sessions, trusted devices for the lockout, and an audit log nothing edits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('staff'))
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('sites_json', 'text', notNull)
    .addColumn('languages_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('totp_secret', 'text', notNull)
    .addColumn('totp_last_step', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('recovery_code_hashes_json', 'text', notNull)
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', notNull)
    .execute();

  // Only a SHA-256 of the cookie token is stored, as for members (DESIGN.md §5).
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'integer', (column) =>
      column.notNull().references('staff.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('staff_sessions_staff')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('staff_devices')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'integer', (column) =>
      column.notNull().references('staff.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .execute();

  // No foreign key to staff: the log outlives whoever wrote it.
  await withIdColumn(db, db.schema.createTable('staff_audit'))
    .addColumn('staff_id', 'integer')
    .addColumn('action', 'text', notNull)
    .addColumn('site_id', 'integer')
    .addColumn('subject', 'text', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('staff_audit_staff')
    .on('staff_audit')
    .columns(['staff_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['staff_audit', 'staff_devices', 'staff_sessions', 'staff'])
    await db.schema.dropTable(table).execute();
}
