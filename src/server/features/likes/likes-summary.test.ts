import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikesAnswer } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { updateMember } from '@server/db/members-table';
import type { MemberRow } from '@server/db/schema';
import { createMember, createPhoto, memberValues } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 8, docs/discovery-performance.md "likes.php for heavy likers": every write that
// changes what the likes summary shows or counts is seen at once.

let t: TestApp;
let db: Db;
let viewer: MemberRow;
let client: TestClient;
/** Members who liked the viewer, oldest first. */
const likers: number[] = [];

/** A visible member who liked the viewer. */
async function seedLiker(minutesAgo: number): Promise<number> {
  const { id } = await db
    .withoutPlugins()
    .insertInto('members')
    .values(memberValues(t.siteId, { gender: 'female' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await sql`insert into likes (liker_id, liked_id, source, is_new, created_at)
    values (${id}, ${viewer.id}, 'member', 1, ${at})`.execute(db);
  return id;
}

async function summary(): Promise<LikesAnswer> {
  const response = await client.get('/api/likes.php');
  expect(response.statusCode).toBe(200);
  return response.json<LikesAnswer>();
}
const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  viewer = await createMember(db.withoutPlugins(), t.siteId, { gender: 'male', seeking: 'female' });
  client = new TestClient(t.app);
  const login = await client.post('/api/user.php', {
    email: viewer.email,
    password: 'correct horse battery',
  });
  expect(login.statusCode).toBe(200);
  for (let minutesAgo = 60; minutesAgo > 0; minutesAgo -= 10)
    likers.push(await seedLiker(minutesAgo));
});
afterAll(() => t.close());

describe('the likes summary (issue 8, likes.php)', () => {
  it('shows the newest likers and counts them all', async () => {
    const first = await summary();
    expect(ids(first.liked_by)).toEqual(likers.slice(-4).reverse());
    expect(first.counts.liked_by).toBe(6);
    expect(first.new_likes).toBe(6);
  });

  it('drops a liker who turns invisible, from the cards and the counts, and brings them back', async () => {
    await summary();
    // The oldest liker: counted, not shown among the newest four.
    const hiding = likers[0]!;
    await updateMember(db, hiding, { is_invisible: 1 });
    const hidden = await summary();
    expect(hidden.counts.liked_by).toBe(5);
    expect(hidden.new_likes).toBe(5);
    await updateMember(db, hiding, { is_invisible: 0 });
    expect((await summary()).counts.liked_by).toBe(6);
  });

  it('shows a new like at once, and a like back as a match', async () => {
    await summary();
    const newcomer = await createMember(db, t.siteId, { gender: 'female' });
    await createPhoto(db, newcomer.id);
    const liker = new TestClient(t.app);
    expect(
      (
        await liker.post('/api/user.php', {
          email: newcomer.email,
          password: 'correct horse battery',
        })
      ).statusCode,
    ).toBe(200);
    expect((await liker.post('/api/like.php', { profile: viewer.id })).statusCode).toBe(200);
    const liked = await summary();
    expect(liked.liked_by[0]?.id).toBe(newcomer.id);
    expect(liked.counts.liked_by).toBe(7);

    expect((await client.post('/api/like.php', { profile: newcomer.id })).statusCode).toBe(200);
    const matched = await summary();
    expect(ids(matched.matches)).toEqual([newcomer.id]);
    expect(matched.counts).toMatchObject({ liked: 1, matches: 1 });
    expect(matched.liked_by[0]).toMatchObject({ id: newcomer.id, liked: true });
  });

  it('clears a new flag the viewer opened (spec §4), and leaves out whom they block', async () => {
    const before = await summary();
    const opened = likers.at(-1)!;
    expect((await client.post('/api/like-seen.php', { profile: opened })).statusCode).toBe(200);
    const seen = await summary();
    expect(seen.new_likes).toBe(before.new_likes - 1);
    expect(seen.liked_by.find((entry) => entry.id === opened)?.like_new).toBe(false);

    expect((await client.post('/api/block.php', { member_id: opened })).statusCode).toBe(200);
    const blocked = await summary();
    expect(ids(blocked.liked_by)).not.toContain(opened);
    expect(blocked.counts.liked_by).toBe(before.counts.liked_by - 1);
  });

  it('leaves out a liker who blocks the viewer, at once', async () => {
    await summary();
    const blocker = likers[2]!;
    await db
      .insertInto('blocks')
      .values({ blocker_id: blocker, blocked_id: viewer.id, created_at: new Date().toISOString() })
      .execute();
    const after = await summary();
    expect(ids(after.liked_by)).not.toContain(blocker);
  });
});

// PostgreSQL only: SQLite's one connection makes a reader wait for the writer's commit.
describe.runIf(process.env.DATABASE_URL)('a write that may add a member to the summary', () => {
  it('keeps no summary read before it committed (found by review)', async () => {
    const { id: hidden } = await db
      .withoutPlugins()
      .insertInto('members')
      .values({ ...memberValues(t.siteId, { gender: 'female' }), is_invisible: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into likes (liker_id, liked_id, source, is_new, created_at)
      values (${hidden}, ${viewer.id}, 'member', 1, ${new Date().toISOString()})`.execute(db);
    const before = (await summary()).counts.liked_by;
    await db.transaction().execute(async (trx) => {
      await updateMember(trx, hidden, { is_invisible: 0 });
      // Read after the write was seen, before it committed: the liker is not in it yet.
      expect((await summary()).counts.liked_by).toBe(before);
    });
    expect((await summary()).counts.liked_by).toBe(before + 1);
  });
});
