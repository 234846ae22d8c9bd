import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// issue 8: likes and matches, the swipe game's passes, the match finder's kept answers.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per (liker, liked): liking twice is a no-op, a match is two rows facing each
  // other. `source` tells a member's own like from one given in the swipe game or by a
  // fictional profile's auto-like (honest by design: only fictional likers may be 'auto').
  await db.schema
    .createTable('likes')
    .addColumn('liker_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('liked_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    /** 1 until the liked member opens the liker's profile (spec §3 like_new, §4). */
    .addColumn('is_new', 'integer', (column) => column.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('likes_pk', ['liker_id', 'liked_id'])
    .execute();
  // "Whom I liked" pages walk the primary key's leading column by time; "who liked me" and
  // the new-likes count walk this one.
  await db.schema
    .createIndex('likes_liker_time')
    .on('likes')
    .columns(['liker_id', 'created_at', 'liked_id'])
    .execute();
  await db.schema
    .createIndex('likes_liked_time')
    .on('likes')
    .columns(['liked_id', 'created_at', 'liker_id'])
    .execute();

  await db.schema
    .createTable('swipe_passes')
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('passed_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('swipe_passes_pk', ['member_id', 'passed_id'])
    .execute();

  await db.schema
    .createTable('match_finder_answers')
    .addColumn('member_id', 'integer', (column) =>
      column.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('answers_json', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('match_finder_answers').execute();
  await db.schema.dropTable('swipe_passes').execute();
  await db.schema.dropTable('likes').execute();
}
