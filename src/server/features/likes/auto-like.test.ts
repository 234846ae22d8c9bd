import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMember } from '@server/db/member-record';
import type { MemberRow } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { type MemberOptions, createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { giveAutoLike } from './auto-like';

// spec §4, §7 auto-like; issue 8: only ever from a fictional profile, each at most once,
// timed by the site's auto_like setting.
let t: TestApp;
let sites = 0;
const db = () => t.database.db;
const MINUTE = 60_000;
const SIGNUP = '2024-06-01T08:00:00.000Z';
const at = (minutesAfterSignup: number) =>
  new Date(Date.parse(SIGNUP) + minutesAfterSignup * MINUTE);
const SETTINGS = { enabled: true, first_after_minutes: 2, every_minutes: 60, max_per_day: 3 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test gets a site of its own, so its fictional profiles are all it has. */
async function newSite() {
  sites += 1;
  const { siteId } = await seedDemoSite(db(), `auto-like-${sites}.example`, []);
  const member = async (options: MemberOptions = {}) => {
    const row = await createMember(db(), siteId, { gender: 'female', ...options });
    await createPhoto(db(), row.id);
    return row;
  };
  const viewer = await member({ gender: 'male', seeking: 'female', created_at: SIGNUP });
  return { siteId, member, viewer };
}

function autoLike(
  siteId: number,
  viewer: MemberRow,
  now: Date,
  settings: typeof SETTINGS = SETTINGS,
) {
  return giveAutoLike(
    db(),
    { siteId, cdnPrefix: '/media', settings, viewer: toMember(viewer) },
    now,
  );
}
const autoLikers = async (viewerId: number) =>
  (
    await db()
      .selectFrom('likes')
      .select('liker_id')
      .where('liked_id', '=', viewerId)
      .where('source', '=', 'auto')
      .orderBy('created_at')
      .execute()
  ).map((row) => row.liker_id);

describe('auto-like (honest by design)', () => {
  it('never comes from a real member: a site without fictional profiles answers null forever', async () => {
    const { siteId, member, viewer } = await newSite();
    const real = [await member(), await member(), await member({ gender: 'male' })];
    // Even real members who already liked the viewer are never passed off as an auto-like.
    await db()
      .insertInto('likes')
      .values({ liker_id: real[0]!.id, liked_id: viewer.id, source: 'member', created_at: SIGNUP })
      .execute();
    for (let hour = 0; hour < 72; hour += 1)
      expect(await autoLike(siteId, viewer, at(hour * 60 + 5))).toBeNull();
    expect(await autoLikers(viewer.id)).toEqual([]);
  });

  it('comes only from visible fictional profiles of the site, not blocked either way', async () => {
    const { siteId, member, viewer } = await newSite();
    const blockedByViewer = await member({ is_fictional: 1 });
    const blockerOfViewer = await member({ is_fictional: 1 });
    await db()
      .insertInto('blocks')
      .values([
        { blocker_id: viewer.id, blocked_id: blockedByViewer.id, created_at: SIGNUP },
        { blocker_id: blockerOfViewer.id, blocked_id: viewer.id, created_at: SIGNUP },
      ])
      .execute();
    await member({ is_fictional: 1, profile_status: 'disabled' });
    await member({ is_fictional: 1, is_invisible: 1 });
    // Another site's fictional profile.
    await (await newSite()).member({ is_fictional: 1 });
    await member({ is_fictional: 0 });
    const allowed = await member({ is_fictional: 1 });

    const card = await autoLike(siteId, viewer, at(5));
    expect(card).toMatchObject({ id: allowed.id, fictional: true });
    expect(await autoLike(siteId, viewer, at(5 + 24 * 60))).toBeNull();
    expect(await autoLikers(viewer.id)).toEqual([allowed.id]);
  });

  it('lets each fictional profile like a member at most once', async () => {
    const { siteId, member, viewer } = await newSite();
    const fictional = [
      await member({ is_fictional: 1 }),
      await member({ is_fictional: 1 }),
      await member({ is_fictional: 1 }),
    ];
    // One of them already liked the viewer (any source): it cannot like again.
    await db()
      .insertInto('likes')
      .values({
        liker_id: fictional[2]!.id,
        liked_id: viewer.id,
        source: 'auto',
        created_at: SIGNUP,
      })
      .execute();
    const often = { enabled: true, first_after_minutes: 0, every_minutes: 1, max_per_day: 50 };
    const given: number[] = [];
    for (let minute = 10; minute < 20; minute += 1) {
      const card = await autoLike(siteId, viewer, at(minute), often);
      if (card) given.push(card.id);
    }
    expect(given.sort()).toEqual([fictional[0]!.id, fictional[1]!.id].sort());
  });

  it('keeps the site’s timing: first after signup, then one per interval, a daily maximum per UTC day', async () => {
    const { siteId, member, viewer } = await newSite();
    for (let index = 0; index < 8; index += 1) await member({ is_fictional: 1 });
    const settings = { enabled: true, first_after_minutes: 30, every_minutes: 60, max_per_day: 2 };
    const like = async (minutes: number) =>
      (await autoLike(siteId, viewer, at(minutes), settings))?.id;
    // Signup 08:00 UTC: nothing before 08:30.
    expect(await like(29)).toBeUndefined();
    expect(await like(30)).toBeDefined(); // 08:30
    expect(await like(89)).toBeUndefined(); // 59 minutes later
    expect(await like(90)).toBeDefined(); // 09:30
    expect(await like(300)).toBeUndefined(); // 13:00: two today already
    expect(await like(15 * 60 + 59)).toBeUndefined(); // 23:59
    expect(await like(16 * 60)).toBeDefined(); // 00:00 UTC, the next day
    expect(await autoLikers(viewer.id)).toHaveLength(3);
  });

  it('gives nothing when the site turns auto-likes off', async () => {
    const { siteId, member, viewer } = await newSite();
    await member({ is_fictional: 1 });
    expect(await autoLike(siteId, viewer, at(600), { ...SETTINGS, enabled: false })).toBeNull();
    expect(await autoLike(siteId, viewer, at(600), { ...SETTINGS, max_per_day: 0 })).toBeNull();
  });

  it('prefers the gender the member seeks', async () => {
    const { siteId, member, viewer } = await newSite();
    await member({ is_fictional: 1, gender: 'male' });
    const woman = await member({ is_fictional: 1, gender: 'female' });
    await member({ is_fictional: 1, gender: 'male' });
    expect((await autoLike(siteId, viewer, at(5)))?.id).toBe(woman.id);
  });

  it('gives one auto-like when several tabs ask at once', async () => {
    const { siteId, member, viewer } = await newSite();
    for (let index = 0; index < 6; index += 1) await member({ is_fictional: 1 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => autoLike(siteId, viewer, at(5))),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await autoLikers(viewer.id)).toHaveLength(1);
  });
});

describe('GET /api/auto-like.php', () => {
  it('answers a fictional liker once, which likes.php then lists as a new like', async () => {
    await updateSiteSettings(t, {
      auto_like: { enabled: true, first_after_minutes: 0, every_minutes: 60, max_per_day: 3 },
    });
    const fictional = await createMember(db(), t.siteId, { is_fictional: 1, gender: 'female' });
    const viewer = await createMember(db(), t.siteId, { gender: 'male', seeking: 'female' });
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: viewer.email, password: 'correct horse battery' });

    const first = await client.get('/api/auto-like.php');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json().profile).toMatchObject({ id: fictional.id, fictional: true, liked: false });
    // Within the interval: nothing more.
    expect((await client.get('/api/auto-like.php')).json()).toEqual({ profile: null });

    const likes = (await client.get('/api/likes.php')).json();
    expect(likes.liked_by).toMatchObject([{ id: fictional.id, fictional: true, like_new: true }]);
    expect(likes.new_likes).toBe(1);
    expect(await autoLikers(viewer.id)).toEqual([fictional.id]);
  });

  it('needs a login', async () => {
    expect((await new TestClient(t.app).get('/api/auto-like.php')).statusCode).toBe(403);
  });
});
