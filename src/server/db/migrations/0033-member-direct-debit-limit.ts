import type { Kysely } from 'kysely';

// Issue 30 item 8: an admin may give one member a monthly direct-debit limit of their own
// (JSON {currency: cents}); null keeps the site's (settings direct_debit_monthly_limit).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('direct_debit_limit_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('direct_debit_limit_json').execute();
}
