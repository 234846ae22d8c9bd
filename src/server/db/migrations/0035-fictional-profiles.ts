import { type Kysely, sql } from 'kysely';

// Issue 30 item 4, spec §9: which fictional profiles may auto-like, stored on the member row
// the auto-like rule already reads (likes/auto-like.ts). 1 by default, so the profiles that
// liked before the console existed keep doing so. Pausing and retiring a profile need no
// column: they are member statuses (paused, retired) that the one visible-members rule
// already leaves out, since it lets only `active` members be seen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('auto_like', 'integer', (column) => column.notNull().defaultTo(sql`1`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('auto_like').execute();
}
