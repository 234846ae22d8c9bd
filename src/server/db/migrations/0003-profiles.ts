import type { Kysely } from 'kysely';
import { notNull } from './column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  // spec §1/§6: blocked members can neither view nor contact the blocker.
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // Both directions are checked on every profile read: index the reverse one too.
  await db.schema
    .createIndex('blocks_blocked')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
  await db.schema
    .createIndex('member_interests_interest')
    .on('member_interests')
    .column('interest_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
}
