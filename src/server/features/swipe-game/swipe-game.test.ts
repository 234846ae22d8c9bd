import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWIPE_LIKES_PER_DAY } from '@contract/discovery';
import { toMember } from '@server/db/member-record';
import { keepToldTimeZone } from '@server/db/members-table';
import type { MemberRow } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { type MemberOptions, createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { swipeTimeZone } from './swipe-day';
import { swipeGameState, swipeLike, swipePass } from './swipe-service';

// spec §2 swipe-game, §9 "4 likes per day": swipes made on the member's own day, which ends
// at their midnight, else the site's (issue 23 items 7 and 15; docs/decisions.md, Discovery).
let t: TestApp;
let sites = 0;
const db = () => t.database.db;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test plays on a site of its own, so its members are the only candidates. */
async function newSite() {
  sites += 1;
  const host = `swipe-${sites}.example`;
  const { siteId } = await seedDemoSite(db(), host, []);
  let activity = 0;
  /** A candidate: a woman with a photo; each one created is more recently active. */
  const member = async (options: MemberOptions & { photo?: boolean } = {}) => {
    const { photo = true, ...columns } = options;
    activity += 1;
    const row = await createMember(db(), siteId, {
      gender: 'female',
      seeking: 'male',
      last_active_at: new Date(Date.UTC(2030, 0, 1, 0, activity)).toISOString(),
      ...columns,
    });
    if (photo) await createPhoto(db(), row.id);
    return row;
  };
  const viewer = await member({ gender: 'male', seeking: 'female', last_active_at: null });
  const client = new TestClient(t.app, host);
  const login = await client.post('/api/user.php', { email: viewer.email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  // The member's browser told no time zone: the site's (demo: Amsterdam) stands in.
  const context = {
    siteId,
    cdnPrefix: '/media',
    viewer: toMember(viewer),
    timeZone: 'Europe/Amsterdam',
  };
  return { siteId, host, member, viewer, client, context };
}

const game = async (client: TestClient) => {
  const response = await client.get('/api/swipe-game.php');
  expect(response.statusCode).toBe(200);
  return response.json();
};
const swipe = (client: TestClient, profile: number, decision: 'like' | 'pass') =>
  client.post('/api/swipe-game.php', { profile, decision });
const swipeLikes = (viewer: MemberRow) =>
  db()
    .selectFrom('likes')
    .select('liked_id')
    .where('liker_id', '=', viewer.id)
    .where('source', '=', 'swipe')
    .execute();
const insertLike = (likerId: number, likedId: number, source: 'member' | 'swipe', at: string) =>
  db()
    .insertInto('likes')
    .values({ liker_id: likerId, liked_id: likedId, source, created_at: at })
    .execute();

describe('GET /api/swipe-game.php', () => {
  it('shows the most recently active visible member of the sought gender with a photo', async () => {
    const { siteId, member, viewer, client } = await newSite();
    const expected = await member();
    const blockedByViewer = await member();
    const blockerOfViewer = await member();
    await db()
      .insertInto('blocks')
      .values([
        {
          blocker_id: viewer.id,
          blocked_id: blockedByViewer.id,
          created_at: '2024-01-01T00:00:00.000Z',
        },
        {
          blocker_id: blockerOfViewer.id,
          blocked_id: viewer.id,
          created_at: '2024-01-01T00:00:00.000Z',
        },
      ])
      .execute();
    await member({ is_invisible: 1 });
    await member({ profile_status: 'disabled' });
    await member({ photo: false });
    await member({ gender: 'male' });
    await createPhoto(
      db(),
      (await createMember(db(), t.siteId, { last_active_at: '2031-01-01T00:00:00.000Z' })).id,
    );
    expect(siteId).not.toBe(t.siteId);

    const answer = await game(client);
    expect(answer.profile).toMatchObject({ id: expected.id, liked: false, fictional: false });
    expect(answer.likes_left).toBe(SWIPE_LIKES_PER_DAY);
    // Midnight in Amsterdam (the site's zone) is 23:00 or 22:00 UTC, never 00:00 UTC.
    expect(answer.resets_at).toMatch(/T2[23]:00:00\.000Z$/);
    expect(Date.parse(answer.resets_at)).toBeGreaterThan(Date.now() - 1000);
    expect(Date.parse(answer.resets_at)).toBeLessThanOrEqual(Date.now() + 25 * 60 * 60_000);
  });

  it('shows fictional profiles with their label, and any gender to a member seeking both', async () => {
    const { member, viewer, client } = await newSite();
    await db()
      .updateTable('members')
      .set({ seeking: 'both' })
      .where('id', '=', viewer.id)
      .execute();
    const fictionalMan = await member({ gender: 'male', is_fictional: 1 });
    expect((await game(client)).profile).toMatchObject({ id: fictionalMan.id, fictional: true });
  });

  it('answers no card when nobody is left', async () => {
    const { client } = await newSite();
    expect((await game(client)).profile).toBeNull();
  });

  it("ends the day at the site's midnight, DST days included", async () => {
    const { context } = await newSite();
    const resetsAt = async (now: string) =>
      (await swipeGameState(db(), context, new Date(now))).resets_at;
    // Amsterdam is UTC+1 in winter, UTC+2 in summer; 31 March 2024 has 23 hours.
    expect(await resetsAt('2024-03-10T22:59:00.000Z')).toBe('2024-03-10T23:00:00.000Z');
    expect(await resetsAt('2024-03-10T23:00:00.000Z')).toBe('2024-03-11T23:00:00.000Z');
    expect(await resetsAt('2024-03-31T12:00:00.000Z')).toBe('2024-03-31T22:00:00.000Z');
    expect(await resetsAt('2024-10-27T12:00:00.000Z')).toBe('2024-10-27T23:00:00.000Z');
  });

  it("ends the day at the member's own midnight once their browser told their time zone", async () => {
    const { host, viewer } = await newSite();
    const client = new TestClient(t.app, host);
    const login = await client.post('/api/user.php', {
      email: viewer.email,
      password: PASSWORD,
      time_zone: 'Asia/Tokyo',
    });
    expect(login.statusCode).toBe(200);
    // Tokyo has no DST: its midnight is always 15:00 UTC.
    expect((await game(client)).resets_at).toMatch(/T15:00:00\.000Z$/);
  });
});

describe('POST /api/swipe-game.php', () => {
  it('likes for real (likes.php lists it, a like back is a match) and moves to the next card', async () => {
    const { member, viewer, client } = await newSite();
    const older = await member();
    const newer = await member();
    await insertLike(newer.id, viewer.id, 'member', '2024-01-01T00:00:00.000Z');
    expect((await game(client)).profile.id).toBe(newer.id);

    const response = await swipe(client, newer.id, 'like');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ profile: { id: older.id }, likes_left: 3 });
    const likes = (await client.get('/api/likes.php')).json();
    expect(likes.profiles.map((card: { id: number }) => card.id)).toEqual([newer.id]);
    expect(likes.matches.map((card: { id: number }) => card.id)).toEqual([newer.id]);
    expect(await swipeLikes(viewer)).toEqual([{ liked_id: newer.id }]);
  });

  it('keeps a passed card away for 7 days', async () => {
    const { member, client, context } = await newSite();
    const older = await member();
    const newer = await member();
    const response = await swipe(client, newer.id, 'pass');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ profile: { id: older.id }, likes_left: 4 });
    const passedAt = Date.now();
    const later = (days: number) => new Date(passedAt + days * 24 * 60 * 60_000);
    expect((await swipeGameState(db(), context, later(6.9))).profile?.id).toBe(older.id);
    expect((await swipeGameState(db(), context, later(7.1))).profile?.id).toBe(newer.id);
    // Passing again starts the week over.
    await swipePass(db(), context, newer.id, later(7.1));
    expect((await swipeGameState(db(), context, later(10))).profile?.id).toBe(older.id);
  });

  it('refuses oneself, and hidden or blocked members like like.php does', async () => {
    const { member, viewer, client } = await newSite();
    const blocker = await member();
    await db()
      .insertInto('blocks')
      .values({
        blocker_id: blocker.id,
        blocked_id: viewer.id,
        created_at: '2024-01-01T00:00:00.000Z',
      })
      .execute();
    const self = await swipe(client, viewer.id, 'like');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'cannot_like_self' });
    for (const decision of ['like', 'pass'] as const) {
      for (const id of [blocker.id, (await member({ is_invisible: 1 })).id, 2_000_000_000]) {
        const response = await swipe(client, id, decision);
        expect(response.statusCode, `${decision} ${id}`).toBe(404);
      }
    }
    expect(await swipeLikes(viewer)).toEqual([]);
  });

  it('allows 4 likes a day, then answers swipe_limit_reached with the minutes until the day ends', async () => {
    const { member, viewer, client } = await newSite();
    const candidates = [];
    for (let index = 0; index < 6; index += 1) candidates.push(await member());
    // likes given on cards (like.php) are not swipe likes.
    await (await client.post('/api/like.php', { profile: candidates[5]!.id })).json();
    for (const [index, candidate] of candidates.slice(0, 4).entries()) {
      const response = await swipe(client, candidate.id, 'like');
      expect(response.statusCode).toBe(200);
      expect(response.json().likes_left).toBe(3 - index);
    }
    const refused = await swipe(client, candidates[4]!.id, 'like');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('swipe_limit_reached');
    expect(refused.json().minutes).toBeGreaterThan(0);
    expect(refused.json().minutes).toBeLessThanOrEqual(24 * 60);
    // Passing still works when no likes are left.
    expect((await swipe(client, candidates[4]!.id, 'pass')).statusCode).toBe(200);
    expect((await game(client)).likes_left).toBe(0);
    expect(await swipeLikes(viewer)).toHaveLength(4);
  });

  it('never goes past 4 likes when many arrive at once', async () => {
    const { member, viewer, client } = await newSite();
    const candidates = [];
    for (let index = 0; index < 8; index += 1) candidates.push(await member());
    const responses = await Promise.all(
      candidates.map((candidate) => swipe(client, candidate.id, 'like')),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(await swipeLikes(viewer)).toHaveLength(4);
  });

  it('gives 4 new likes at midnight where the member is, not at midnight UTC', async () => {
    const { member, viewer, context } = await newSite();
    const candidates = [];
    for (let index = 0; index < 6; index += 1) candidates.push(await member());
    const like = (candidate: MemberRow, at: string) =>
      swipeLike(db(), t.app.realtime.events, context, candidate.id, new Date(at));
    // Four swipe likes on 10 March in Amsterdam, the last one a second before its midnight
    // (23:00 UTC).
    for (const [index, candidate] of candidates.slice(0, 4).entries())
      await like(candidate, `2024-03-10T22:59:5${index}.000Z`);
    const beforeMidnight = new Date('2024-03-10T22:30:00.000Z');
    expect((await swipeGameState(db(), context, beforeMidnight)).likes_left).toBe(0);
    await expect(
      swipeLike(db(), t.app.realtime.events, context, candidates[4]!.id, beforeMidnight),
    ).rejects.toMatchObject({
      code: 'swipe_limit_reached',
      details: { minutes: 30 },
    });

    // 00:30 in Amsterdam on 11 March, still 10 March in UTC: a new day.
    const afterMidnight = new Date('2024-03-10T23:30:00.000Z');
    expect((await swipeGameState(db(), context, afterMidnight)).likes_left).toBe(4);
    await swipeLike(db(), t.app.realtime.events, context, candidates[4]!.id, afterMidnight);
    const state = await swipeGameState(db(), context, new Date('2024-03-11T08:00:00.000Z'));
    expect(state.likes_left).toBe(3);
    expect(state.profile?.id).toBe(candidates[5]!.id);
    expect(await swipeLikes(viewer)).toHaveLength(5);
  });

  // Issue 29 item 8: alternating Pacific/Kiritimati (UTC+14) and Etc/GMT+12 (UTC−12) at each
  // login gave 12 swipe likes in one real day. A told zone now waits for the day to end.
  it('keeps one day however the time zone told at login alternates', async () => {
    const { member, viewer, context } = await newSite();
    const candidates = [];
    for (let index = 0; index < 12; index += 1) candidates.push(await member());
    const row = () =>
      db().selectFrom('members').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
    const site = { settings: { time_zone: 'Europe/Amsterdam' } };
    // 13:00 UTC: 03:00 on 11 March at Kiritimati, 01:00 on 10 March at GMT−12; no midnight in
    // either zone during the hour played.
    const at = (minutes: number) =>
      new Date(Date.parse('2024-03-10T13:00:00.000Z') + minutes * 60_000);
    let liked = 0;
    for (let round = 0; round < 6; round += 1) {
      const zone = round % 2 === 0 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
      await keepToldTimeZone(db(), await row(), zone, at(round * 10));
      const now = at(round * 10 + 1);
      const player = await row();
      const playing = {
        ...context,
        viewer: toMember(player),
        timeZone: swipeTimeZone(player, site, now),
      };
      for (const candidate of candidates.slice(round * 2, round * 2 + 2)) {
        try {
          await swipeLike(db(), t.app.realtime.events, playing, candidate.id, now);
          liked += 1;
        } catch (error) {
          expect(error).toMatchObject({ code: 'swipe_limit_reached' });
        }
      }
    }
    expect(liked).toBe(SWIPE_LIKES_PER_DAY);
    // The zone told last comes into force at Kiritimati's midnight (10:00 UTC), not before.
    const player = await row();
    expect(swipeTimeZone(player, site, new Date('2024-03-11T09:59:59.000Z'))).toBe(
      'Pacific/Kiritimati',
    );
    expect(swipeTimeZone(player, site, new Date('2024-03-11T10:00:00.000Z'))).toBe('Etc/GMT+12');
  });

  it('counts swipes made: an unlike does not give a like back (spec §9)', async () => {
    const { member, viewer, client } = await newSite();
    const candidates = [];
    for (let index = 0; index < 5; index += 1) candidates.push(await member());
    for (const candidate of candidates.slice(0, 4))
      expect((await swipe(client, candidate.id, 'like')).statusCode).toBe(200);
    // Taking a swipe like back (on a card, as likes.php allows) ends that like ...
    const unlike = await client.delete('/api/like.php', { profile: candidates[0]!.id });
    expect(unlike.statusCode).toBe(200);
    expect(await swipeLikes(viewer)).toHaveLength(3);
    // ... but the swipe was made: none comes back today.
    expect((await game(client)).likes_left).toBe(0);
    const refused = await swipe(client, candidates[4]!.id, 'like');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('swipe_limit_reached');
    // The unliked card may come round again, and liking it again is refused alike.
    expect((await swipe(client, candidates[0]!.id, 'like')).statusCode).toBe(429);
    expect(await swipeLikes(viewer)).toHaveLength(3);
  });
});
