import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_COUNT_CAP, PAGE_SIZE, likesCursor } from '@contract/discovery';
import type { MemberOptions } from '@server/test/factories';
import type { MemberRow } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto, memberValues } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Likes and matches over HTTP (spec §2 likes, §3 liked-by entry, §4, §7 likes.php).
let t: TestApp;
let otherSiteId: number;
const PASSWORD = 'correct horse battery';
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  otherSiteId = (await seedDemoSite(db(), 'other-site.example', [])).siteId;
});
afterAll(() => t.close());

async function member(options: MemberOptions & { photo?: boolean } = {}) {
  const { photo = true, ...columns } = options;
  const row = await createMember(db(), columns.site_id ?? t.siteId, columns);
  if (photo) await createPhoto(db(), row.id);
  return row;
}

async function loggedIn(row: MemberRow) {
  const client = new TestClient(t.app);
  const login = await client.post('/api/user.php', { email: row.email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return client;
}

const likeRows = (likerId: number) =>
  db()
    .selectFrom('likes')
    .select(['liked_id', 'source', 'is_new'])
    .where('liker_id', '=', likerId)
    .execute();
const block = (blockerId: number, blockedId: number) =>
  db()
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
    .execute();
const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

describe('POST /api/like.php', () => {
  it('likes a visible member once: a second like is a no-op', async () => {
    const viewer = await member();
    const target = await member();
    const client = await loggedIn(viewer);
    for (let i = 0; i < 2; i += 1) {
      const response = await client.post('/api/like.php', { profile: target.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ liked: true, match: false });
    }
    expect(await likeRows(viewer.id)).toEqual([
      { liked_id: target.id, source: 'member', is_new: 1 },
    ]);
  });

  it('refuses liking oneself with cannot_like_self and stores nothing', async () => {
    const viewer = await member();
    const response = await (await loggedIn(viewer)).post('/api/like.php', { profile: viewer.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'cannot_like_self' });
    expect(await likeRows(viewer.id)).toEqual([]);
  });

  it('answers not_found, storing nothing, for missing, disabled, invisible, other-site and blocked members (spec §1)', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const blockedByViewer = await member();
    const blockerOfViewer = await member();
    await block(viewer.id, blockedByViewer.id);
    await block(blockerOfViewer.id, viewer.id);
    const hidden = [
      2_000_000_000,
      (await member({ profile_status: 'disabled' })).id,
      (await member({ is_invisible: 1 })).id,
      (await member({ site_id: otherSiteId })).id,
      blockedByViewer.id,
      blockerOfViewer.id,
    ];
    for (const id of hidden) {
      const response = await client.post('/api/like.php', { profile: id });
      expect(response.statusCode, `member ${id}`).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    expect(await likeRows(viewer.id)).toEqual([]);
  });

  it('needs a login (spec §6)', async () => {
    const target = await member();
    const response = await new TestClient(t.app).post('/api/like.php', { profile: target.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'authentication_required' });
  });

  it('makes a match when the other member liked back, shown to both in likes.php', async () => {
    const first = await member();
    const second = await member({ photo: false });
    const firstClient = await loggedIn(first);
    const secondClient = await loggedIn(second);
    expect((await firstClient.post('/api/like.php', { profile: second.id })).json()).toEqual({
      liked: true,
      match: false,
    });
    expect((await secondClient.post('/api/like.php', { profile: first.id })).json()).toEqual({
      liked: true,
      match: true,
    });
    // Liking again keeps the match and answers it.
    expect((await secondClient.post('/api/like.php', { profile: first.id })).json().match).toBe(
      true,
    );
    const firstLikes = (await firstClient.get('/api/likes.php')).json();
    expect(ids(firstLikes.matches)).toEqual([second.id]);
    // A member without a photo likes and is liked too: the card has no image.
    expect(firstLikes.matches[0].main_image).toBeNull();
    expect(ids((await secondClient.get('/api/likes.php')).json().matches)).toEqual([first.id]);
  });
});

describe('DELETE /api/like.php', () => {
  it('takes the like back, twice without error, and the match with it', async () => {
    const viewer = await member();
    const target = await member();
    const client = await loggedIn(viewer);
    await (await loggedIn(target)).post('/api/like.php', { profile: viewer.id });
    expect((await client.post('/api/like.php', { profile: target.id })).json().match).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const response = await client.delete('/api/like.php', { profile: target.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ liked: false, match: false });
    }
    expect(await likeRows(viewer.id)).toEqual([]);
    const likes = (await client.get('/api/likes.php')).json();
    expect(likes.matches).toEqual([]);
    expect(likes.counts.matches).toBe(0);
    // The target's own like stays.
    expect(ids(likes.liked_by)).toEqual([target.id]);
  });
});

describe('GET /api/likes.php (spec §7 profiles and liked_by, §3 liked-by entry)', () => {
  it('lists whom I liked, who liked me (with like_new) and matches, newest first, with counts', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const liked = [await member(), await member({ is_fictional: 1 })];
    const likers = [await member(), await member()];
    for (const [index, row] of liked.entries())
      await db()
        .insertInto('likes')
        .values({
          liker_id: viewer.id,
          liked_id: row.id,
          source: 'member',
          created_at: `2024-01-0${index + 1}T10:00:00.000Z`,
        })
        .execute();
    for (const [index, row] of likers.entries())
      await db()
        .insertInto('likes')
        .values({
          liker_id: row.id,
          liked_id: viewer.id,
          source: 'member',
          created_at: `2024-02-0${index + 1}T10:00:00.000Z`,
        })
        .execute();
    // The second liked member likes back: a match.
    await db()
      .insertInto('likes')
      .values({
        liker_id: liked[1]!.id,
        liked_id: viewer.id,
        source: 'auto',
        created_at: '2024-03-01T10:00:00.000Z',
      })
      .execute();

    const response = await client.get('/api/likes.php');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const answer = response.json();
    expect(ids(answer.profiles)).toEqual([liked[1]!.id, liked[0]!.id]);
    expect(answer.profiles.map((card: { liked: boolean }) => card.liked)).toEqual([true, true]);
    // Fictional profiles carry their label wherever they appear.
    expect(answer.profiles.map((card: { fictional: boolean }) => card.fictional)).toEqual([
      true,
      false,
    ]);
    expect(ids(answer.liked_by)).toEqual([liked[1]!.id, likers[1]!.id, likers[0]!.id]);
    expect(
      answer.liked_by.map((entry: { liked: boolean; like_new: boolean }) => [
        entry.liked,
        entry.like_new,
      ]),
    ).toEqual([
      [true, true],
      [false, true],
      [false, true],
    ]);
    expect(ids(answer.matches)).toEqual([liked[1]!.id]);
    expect(answer.new_likes).toBe(3);
    expect(answer.counts).toEqual({ liked: 2, liked_by: 3, matches: 1 });
    // Cards carry nothing private.
    expect(Object.keys(answer.liked_by[0]).sort()).toEqual([
      'activity',
      'age',
      'country',
      'fictional',
      'id',
      'like_new',
      'liked',
      'main_image',
      'name',
      'region',
      'region_name',
    ]);
  });

  it('counts each list up to LIKES_COUNT_CAP (shown 99+), the new likes among them', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const now = new Date().toISOString();
    // LIKES_COUNT_CAP + 1 members (no passwords: nobody logs in as them) who like the viewer,
    // each liked back: every list is one longer than the cap.
    const others = await db()
      .insertInto('members')
      .values(
        Array.from({ length: LIKES_COUNT_CAP + 1 }, () => memberValues(t.siteId, { region: null })),
      )
      .returning('id')
      .execute();
    const likes = others.flatMap(({ id }) => [
      { liker_id: id, liked_id: viewer.id, source: 'member' as const, created_at: now },
      { liker_id: viewer.id, liked_id: id, source: 'member' as const, created_at: now },
    ]);
    await db().insertInto('likes').values(likes).execute();
    const counted = async () => (await client.get('/api/likes.php')).json();
    const capped = await counted();
    expect(capped.counts).toEqual({
      liked: LIKES_COUNT_CAP,
      liked_by: LIKES_COUNT_CAP,
      matches: LIKES_COUNT_CAP,
    });
    expect(capped.new_likes).toBe(LIKES_COUNT_CAP);
    // Opened all but three: the new likes are counted exactly again.
    await db()
      .updateTable('likes')
      .set({ is_new: 0 })
      .where('liked_id', '=', viewer.id)
      .where(
        'liker_id',
        'in',
        others.slice(3).map(({ id }) => id),
      )
      .execute();
    expect((await counted()).new_likes).toBe(3);
  });

  it('counts exactly up to the cap: CAP - 1 and CAP as they are, CAP + 1 as CAP (counted in SQL)', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const now = new Date().toISOString();
    const addMutualLikes = async (count: number) => {
      const others = await db()
        .insertInto('members')
        .values(Array.from({ length: count }, () => memberValues(t.siteId, { region: null })))
        .returning('id')
        .execute();
      await db()
        .insertInto('likes')
        .values(
          others.flatMap(({ id }) => [
            { liker_id: id, liked_id: viewer.id, source: 'member' as const, created_at: now },
            { liker_id: viewer.id, liked_id: id, source: 'member' as const, created_at: now },
          ]),
        )
        .execute();
    };
    const countsOf = async () => {
      const { counts, new_likes } = (await client.get('/api/likes.php')).json();
      return { ...counts, new_likes };
    };
    const all = (count: number) => ({
      liked: count,
      liked_by: count,
      matches: count,
      new_likes: count,
    });
    await addMutualLikes(LIKES_COUNT_CAP - 1);
    expect(await countsOf()).toEqual(all(LIKES_COUNT_CAP - 1));
    await addMutualLikes(1);
    expect(await countsOf()).toEqual(all(LIKES_COUNT_CAP));
    await addMutualLikes(1);
    expect(await countsOf()).toEqual(all(LIKES_COUNT_CAP));
  });

  it('leaves out members who are disabled, invisible, blocked either way or of another site', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const visible = await member();
    const hidden = [
      await member({ profile_status: 'disabled' }),
      await member({ is_invisible: 1 }),
      await member({ site_id: otherSiteId }),
      await member(),
      await member(),
    ];
    await block(viewer.id, hidden[3]!.id);
    await block(hidden[4]!.id, viewer.id);
    const now = new Date().toISOString();
    for (const other of [visible, ...hidden]) {
      await db()
        .insertInto('likes')
        .values([
          { liker_id: viewer.id, liked_id: other.id, source: 'member', created_at: now },
          { liker_id: other.id, liked_id: viewer.id, source: 'member', created_at: now },
        ])
        .execute();
    }
    const answer = (await client.get('/api/likes.php')).json();
    expect(ids(answer.profiles)).toEqual([visible.id]);
    expect(ids(answer.liked_by)).toEqual([visible.id]);
    expect(ids(answer.matches)).toEqual([visible.id]);
    expect(answer.new_likes).toBe(1);
    expect(answer.counts).toEqual({ liked: 1, liked_by: 1, matches: 1 });
    for (const type of ['liked', 'liked-by', 'matches']) {
      const page = (await client.get(`/api/likes-page.php?type=${type}`)).json();
      expect(ids(page.results), type).toEqual([visible.id]);
    }
  });
});

describe('POST /api/like-seen.php (spec §4: opening a liked profile clears its new flag)', () => {
  it('clears the flag of that one like, idempotently', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const [first, second] = [await member(), await member()];
    await (await loggedIn(first)).post('/api/like.php', { profile: viewer.id });
    await (await loggedIn(second)).post('/api/like.php', { profile: viewer.id });
    expect((await client.get('/api/likes.php')).json().new_likes).toBe(2);
    for (let i = 0; i < 2; i += 1) {
      const response = await client.post('/api/like-seen.php', { profile: first.id });
      expect(response.json()).toEqual({ ok: true });
    }
    const answer = (await client.get('/api/likes.php')).json();
    expect(answer.new_likes).toBe(1);
    const flags = Object.fromEntries(
      answer.liked_by.map((entry: { id: number; like_new: boolean }) => [entry.id, entry.like_new]),
    );
    expect(flags).toEqual({ [first.id]: false, [second.id]: true });
    // Someone else's like of the viewer is not touched by the viewer's call about a third id.
    await client.post('/api/like-seen.php', { profile: 2_000_000_000 });
    expect((await client.get('/api/likes.php')).json().new_likes).toBe(1);
  });
});

describe('GET /api/likes-page.php (keyset pages, newest first)', () => {
  it('pages through every like once, ties in time broken by id, without duplicates', async () => {
    const viewer = await member();
    const client = await loggedIn(viewer);
    const total = PAGE_SIZE * 2 + 5;
    const liked: number[] = [];
    for (let index = 0; index < total; index += 1) {
      const other = await member({ photo: index % 2 === 0 });
      liked.push(other.id);
      // Groups of three share one timestamp, so the id must order them.
      const minute = String(Math.floor(index / 3)).padStart(2, '0');
      await db()
        .insertInto('likes')
        .values({
          liker_id: viewer.id,
          liked_id: other.id,
          source: 'member',
          created_at: `2024-05-01T10:${minute}:00.000Z`,
        })
        .execute();
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/likes-page.php?type=liked${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      const page: {
        results: Array<{ id: number; like_new: boolean }>;
        next_cursor: string | null;
      } = response.json();
      expect(page.results.length).toBeLessThanOrEqual(PAGE_SIZE);
      expect(page.results.every((entry) => entry.like_new === false)).toBe(true);
      seen.push(...ids(page.results));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    const expected = liked
      .map((id, index) => ({ id, minute: Math.floor(index / 3) }))
      .sort((a, b) => b.minute - a.minute || b.id - a.id)
      .map((entry) => entry.id);
    expect(seen).toEqual(expected);
  });

  it('answers cursor_invalid, never a 500, for cursors it did not make', async () => {
    const client = await loggedIn(await member());
    const made = likesCursor.encode({ createdAt: '2024-05-01T10:00:00.000Z', id: 12 });
    expect((await client.get(`/api/likes-page.php?type=liked&cursor=${made}`)).statusCode).toBe(
      200,
    );
    const tampered = [
      'abc',
      'not-a-cursor',
      Buffer.from('2024-05-01T10:00:00.000Z|x').toString('base64url'),
      Buffer.from('2024-13-45T10:00:00.000Z|12').toString('base64url'),
      Buffer.from('2024-05-01T10:00:00.000Z|0').toString('base64url'),
      Buffer.from('2024-05-01T10:00:00.000Z|12|3').toString('base64url'),
      Buffer.from("2024-05-01T10:00:00.000Z|12' or 1=1").toString('base64url'),
      `${made}A`,
      made.slice(4),
      '%21%21',
      'x'.repeat(300),
    ];
    for (const cursor of tampered) {
      const response = await client.get(`/api/likes-page.php?type=liked&cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json(), cursor).toEqual({
        error: 'validation_failed',
        fields: { cursor: 'cursor_invalid' },
      });
    }
    const wrongType = await client.get('/api/likes-page.php?type=everyone');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ type: 'invalid_value' });
  });
});

describe('GET /api/member.php like state (issue 8: Like and Unlike on member pages)', () => {
  it('tells a logged-in viewer whether they liked the member and whether the member liked them', async () => {
    const viewer = await member();
    const target = await member();
    const client = await loggedIn(viewer);
    const state = async () => {
      const { profile } = (await client.get(`/api/member.php?id=${target.id}`)).json();
      return { liked: profile.liked, liked_me: profile.liked_me };
    };
    expect(await state()).toEqual({ liked: false, liked_me: false });
    await client.post('/api/like.php', { profile: target.id });
    expect(await state()).toEqual({ liked: true, liked_me: false });
    await (await loggedIn(target)).post('/api/like.php', { profile: viewer.id });
    expect(await state()).toEqual({ liked: true, liked_me: true });
    await client.delete('/api/like.php', { profile: target.id });
    expect(await state()).toEqual({ liked: false, liked_me: true });
    // Visitors and the member herself get no like state.
    const own = (await (await loggedIn(target)).get(`/api/member.php?id=${target.id}`)).json();
    expect(own.profile.liked).toBeUndefined();
    const visitor = (await new TestClient(t.app).get(`/api/member.php?id=${target.id}`)).json();
    expect(visitor.profile.liked).toBeUndefined();
  });
});
