import { type Kysely, sql } from 'kysely';

// Issue 8 performance (docs/discovery-performance.md, "likes.php"): the new-likes badge counts
// a member's unopened liked-by entries; this index holds only those, so the count reads the
// new ones and never walks every like a popular member ever got.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('likes_liked_new')
    .on('likes')
    .columns(['liked_id', 'created_at', 'liker_id'])
    .where(sql.ref('is_new'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('likes_liked_new').execute();
}
