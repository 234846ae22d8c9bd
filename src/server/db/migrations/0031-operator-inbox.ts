import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 30 item 3: the fictional-profile inbox. Claims (one per conversation, so the primary
// key makes a claim race have one winner), notes per (profile, member) pair, and one row per
// answer for the figures.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_claims')
    .addColumn('conversation_id', 'integer', (column) =>
      column.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('site_id', 'integer', notNull)
    .addColumn('staff_id', 'integer', (column) =>
      column.notNull().references('staff.id').onDelete('cascade'),
    )
    .addColumn('claimed_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('operator_notes')
    .addColumn('profile_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', notNull)
    .addColumn('updated_by', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('operator_notes_pk', ['profile_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('operator_answers')
    .addColumn('message_id', 'integer', (column) =>
      column.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('site_id', 'integer', notNull)
    .addColumn('staff_id', 'integer', notNull)
    .addColumn('waited_ms', 'integer', notNull)
    .addColumn('answered_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('operator_answers_site_time')
    .on('operator_answers')
    .columns(['site_id', 'answered_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['operator_answers', 'operator_notes', 'operator_claims'])
    await db.schema.dropTable(table).execute();
}
