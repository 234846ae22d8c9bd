import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// Issue 31 items 4 and 5: notification preferences per kind and channel (spec §3), push
// subscriptions (§7), the installation's push and link keys, and the notification mails sent
// (batching, the unread reminder sent once, single-use unsubscribe links).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_keys')
    /** Always 1: one set of keys per installation, for every instance of it. */
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('vapid_public_key', 'text', notNull)
    .addColumn('vapid_private_key', 'text', notNull)
    /** Signs the unsubscribe links of notification mails. */
    .addColumn('link_secret', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('member_id', 'integer', (column) =>
      column.primaryKey().references('members.id').onDelete('cascade'),
    )
    // The kinds turned off, as JSON lists: a kind not listed is on (the default of §3).
    .addColumn('email_off_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('push_off_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withIdColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (column) => column.notNull().unique())
    .addColumn('p256dh', 'text', notNull)
    .addColumn('auth', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('push_subscriptions_member')
    .on('push_subscriptions')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('notification_mails')
    /** The random part of the mail's unsubscribe link. */
    .addColumn('token_id', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', notNull)
    .addColumn('sent_at', 'text', notNull)
    /** Set when its unsubscribe link was used: a replay is refused. */
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_mails_member_kind')
    .on('notification_mails')
    .columns(['member_id', 'kind', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification_mails',
    'push_subscriptions',
    'notification_preferences',
    'notification_keys',
  ])
    await db.schema.dropTable(table).execute();
}
