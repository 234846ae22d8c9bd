import { type Kysely, sql } from 'kysely';

// Issue 30 item 5: moderation. Why a member is banned (shown on the console's member card; the
// audit log keeps the history) and the status an unban gives back, why a photo was refused (a code the member reads translated on
// their profile), and how a report was resolved, by whom and when. Who decided a photo is in
// the audit log. The photo queue reads pending photos oldest first: a partial index on id
// for pending photos only, so the search's plans (which find active photos by member) keep
// their own index (search-plans.test.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('ban_reason', 'text').execute();
  await db.schema.alterTable('members').addColumn('status_before_ban', 'text').execute();
  await db.schema.alterTable('photos').addColumn('rejection_reason', 'text').execute();
  await db.schema
    .createIndex('photos_pending_id')
    .on('photos')
    .column('id')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.alterTable('reports').addColumn('resolution', 'text').execute();
  await db.schema.alterTable('reports').addColumn('resolved_by', 'integer').execute();
  await db.schema.alterTable('reports').addColumn('resolved_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['resolved_at', 'resolved_by', 'resolution'])
    await db.schema.alterTable('reports').dropColumn(column).execute();
  await db.schema.dropIndex('photos_pending_id').execute();
  await db.schema.alterTable('photos').dropColumn('rejection_reason').execute();
  await db.schema.alterTable('members').dropColumn('status_before_ban').execute();
  await db.schema.alterTable('members').dropColumn('ban_reason').execute();
}
