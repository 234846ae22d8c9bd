import { type Kysely, sql } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// Issue 31 item 8: a member's export of everything the site holds about them. A job builds
// the ZIP into private storage (never the public media path) and mails a single-use link;
// only the hash of that link's token is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('data_exports'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    /** preparing → ready → downloaded, or expired / failed (features/data-export). */
    .addColumn('status', 'text', notNull)
    /** The ZIP's name in the export storage, once built; null again when deleted. */
    .addColumn('file_name', 'text')
    .addColumn('size_bytes', 'integer')
    /** sha-256 of the mailed link's token; a new mail (a retried send) replaces it. */
    .addColumn('token_hash', 'text')
    /** The site's origin the link points to, as the request was answered. */
    .addColumn('origin', 'text', notNull)
    .addColumn('requested_at', 'text', notNull)
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('downloaded_at', 'text')
    .execute();
  // One export being prepared per member at a time: a second ask loses the race here.
  await db.schema
    .createIndex('data_exports_one_preparing')
    .on('data_exports')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'preparing')
    .execute();
  await db.schema
    .createIndex('data_exports_by_member')
    .on('data_exports')
    .columns(['member_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
