import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('credits', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  for (const column of [
    'network',
    'ref',
    'sub1',
    'sub2',
    'sub3',
    'signup_message',
    'invite_code',
  ]) {
    await db.schema.alterTable('members').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('members')
    .addColumn('notifications_disabled_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('members').addColumn('password_changed_at', 'text').execute();

  // Server-side sessions: only a SHA-256 of the cookie token is stored (DESIGN.md §5).
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

  // Browsers that logged in successfully: their failures are counted apart (login lockout).
  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withIdColumn(db, db.schema.createTable('login_failures'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('device_scope', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_lookup')
    .on('login_failures')
    .columns(['member_id', 'device_scope', 'created_at'])
    .execute();

  // Single-use links sent by e-mail: activation, password reset, e-mail change.
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', notNull)
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_tokens_member_purpose')
    .on('email_tokens')
    .columns(['member_id', 'purpose', 'created_at'])
    .execute();

  // The append-only credits ledger; members.credits is its running balance (DESIGN.md §3).
  await withIdColumn(db, db.schema.createTable('credit_transactions'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('amount', 'integer', notNull)
    .addColumn('balance_after', 'integer', notNull)
    .addColumn('reason', 'text', notNull)
    // Makes every grant idempotent: the same key is never booked twice.
    .addColumn('idempotency_key', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('credit_transactions_member')
    .on('credit_transactions')
    .columns(['member_id', 'id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('invites'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .addColumn('max_uses', 'integer', notNull)
    .addColumn('uses', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();

  // Mails kept when no SMTP server is configured, for the development mail viewer.
  await withIdColumn(db, db.schema.createTable('outbox_mails'))
    .addColumn('site_id', 'integer', notNull)
    .addColumn('recipient', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('html', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_secrets',
    'outbox_mails',
    'invites',
    'credit_transactions',
    'email_tokens',
    'login_failures',
    'trusted_devices',
    'sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
