import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 31 item 9: a member's own monthly limit on credit purchases. A lower limit counts at
// once; a higher one (or none) only from `next_from`, 24 hours after it was asked for, so a
// moment's impulse cannot lift the limit the member set for themselves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spending_caps')
    .addColumn('member_id', 'integer', (column) =>
      column.primaryKey().references('members.id').onDelete('cascade'),
    )
    /** The limit in force, in cents of `currency`; null: none. */
    .addColumn('cap_cents', 'integer')
    .addColumn('currency', 'text', notNull)
    /** A raise (or removal: null) waiting for `next_from`; `next_from` null: nothing waits. */
    .addColumn('next_cap_cents', 'integer')
    .addColumn('next_from', 'text')
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spending_caps').execute();
}
