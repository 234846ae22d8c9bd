import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanderAnswer } from '@contract/landers';
import type { MemberRow } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 25 item 1: GET /api/lander.php, what the landers of spec §2 show.
let t: TestApp;
let shown: MemberRow;
let fictional: MemberRow;
let man: MemberRow;
let hidden: Record<
  'invisible' | 'unactivated' | 'otherSite' | 'blocked' | 'withoutPhoto',
  MemberRow
>;
let viewer: MemberRow;

const db = () => t.database.db;
async function withPhoto(member: MemberRow) {
  await createPhoto(db(), member.id);
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
  const otherSite = await seedDemoSite(db(), 'other-site.example', []);
  shown = await withPhoto(await createMember(db(), t.siteId, { region: 'NH' }));
  fictional = await withPhoto(await createMember(db(), t.siteId, { is_fictional: 1 }));
  man = await withPhoto(
    await createMember(db(), t.siteId, { gender: 'male', date_of_birth: '1970-01-01' }),
  );
  viewer = await createMember(db(), t.siteId);
  hidden = {
    invisible: await withPhoto(await createMember(db(), t.siteId, { is_invisible: 1 })),
    unactivated: await withPhoto(
      await createMember(db(), t.siteId, { profile_status: 'disabled', status: 'not_confirmed' }),
    ),
    otherSite: await withPhoto(await createMember(db(), otherSite.siteId)),
    blocked: await withPhoto(await createMember(db(), t.siteId)),
    withoutPhoto: await createMember(db(), t.siteId),
  };
  // The viewer blocked one member: a block hides either way (spec §1).
  await db()
    .insertInto('blocks')
    .values({
      blocker_id: hidden.blocked.id,
      blocked_id: viewer.id,
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(() => t.close());

const visitor = () => new TestClient(t.app);
async function lander(query: string, client = visitor()) {
  const response = await client.get(`/api/lander.php?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LanderAnswer;
}
const idsOf = (answer: LanderAnswer) => answer.members.map((member) => member.id);

describe('GET /api/lander.php: who appears', () => {
  it('shows visible members with a photo, public fields only, fictional ones flagged', async () => {
    const answer = await lander('lander=gallery');
    expect(idsOf(answer)).toEqual(expect.arrayContaining([shown.id, fictional.id, man.id]));
    const card = answer.members.find((member) => member.id === shown.id)!;
    expect(Object.keys(card).sort()).toEqual([
      'age',
      'country',
      'fictional',
      'id',
      'name',
      'photo',
      'region',
      'thumb',
    ]);
    expect(card).toMatchObject({
      name: shown.name,
      country: 'NL',
      region: 'Noord-Holland',
      fictional: false,
    });
    expect(answer.members.find((member) => member.id === fictional.id)?.fictional).toBe(true);
    // Nothing private in the whole answer: no e-mail, birth date or coordinates.
    const body = JSON.stringify(answer);
    for (const member of [shown, fictional, man]) {
      expect(body).not.toContain(member.email);
      expect(body).not.toContain(member.date_of_birth);
    }
    expect(body).not.toMatch(/"(lat|lon|latitude|longitude|email|date_of_birth)"/);
  });

  it('never shows invisible, unactivated, other-site or photo-less members', async () => {
    const ids = idsOf(await lander('lander=collagelanding'));
    for (const member of Object.values(hidden).filter((m) => m !== hidden.blocked)) {
      expect(ids).not.toContain(member.id);
    }
    // A visitor has no blocks; the blocked member is one of the site's visible members.
    expect(ids).toContain(hidden.blocked.id);
  });

  it('leaves out, for a logged-in member, themselves and anyone blocked either way', async () => {
    await createPhoto(db(), viewer.id);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: viewer.email, password: 'correct horse battery' });
    const response = await client.get('/api/lander.php?lander=iconslanding');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const ids = idsOf(response.json() as LanderAnswer);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.blocked.id);
    expect(ids).not.toContain(viewer.id);
  });

  it('is kept by HTTP caches only: a minute for visitors, per cookie', async () => {
    const response = await visitor().get('/api/lander.php?lander=video');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.vary).toContain('cookie');
  });

  it('shows visitors nobody when logged-out search is off, unless they came from a source (spec §6)', async () => {
    await updateSiteSettings(t, {
      logged_out_search: false,
      logged_out_search_trafficsource: true,
    });
    expect((await lander('lander=gallery')).members).toEqual([]);
    expect(idsOf(await lander('lander=gallery&network=partner'))).toContain(shown.id);
    await updateSiteSettings(t, {
      logged_out_search: true,
      logged_out_search_trafficsource: false,
    });
  });
});

describe('GET /api/lander.php: variants by slug (spec §2 {slug?})', () => {
  it("shows a variant's niche and headline set", async () => {
    const women = await lander('lander=socialnetwork&slug=women');
    expect(women.variant).toEqual({ slug: 'women', headline: 'romance' });
    expect(idsOf(women)).toContain(shown.id);
    expect(idsOf(women)).not.toContain(man.id);

    const over40 = await lander('lander=socialnetwork&slug=over-40');
    expect(over40.variant).toEqual({ slug: 'over-40', headline: 'mature' });
    expect(idsOf(over40)).toEqual([man.id]);
  });

  it('falls back to the default variant for a slug the site does not define', async () => {
    const answer = await lander('lander=alonetonight&slug=no-such-niche');
    expect(answer.variant).toEqual({ slug: null, headline: null });
    expect(idsOf(answer)).toEqual(expect.arrayContaining([shown.id, man.id]));
  });

  it('answers 404 for tinderswipe with a slug, which takes none', async () => {
    const response = await visitor().get('/api/lander.php?lander=tinderswipe&slug=women');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
    expect((await lander('lander=tinderswipe')).variant.slug).toBeNull();
  });

  it('refuses an unknown lander name with a validation error', async () => {
    const response = await visitor().get('/api/lander.php?lander=nosuchlander');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});

describe('GET /api/lander.php: the map of regions', () => {
  it("counts members per region of the visitor's country, never their places", async () => {
    const answer = await lander('lander=maplanding&country=NL');
    expect(answer.map?.country).toBe('NL');
    const northHolland = answer.map?.regions.find((region) => region.name === 'Noord-Holland');
    // Every visible member of NH counts (the factory's default region), photo or not: shown,
    // fictional, man, blocked, viewer and withoutPhoto; invisible and unactivated ones do not.
    expect(northHolland?.count).toBe(6);
    expect(answer.map?.regions.find((region) => region.name === 'Utrecht')?.count).toBe(0);
    // Each region has its own cell on the tile map.
    const cells = new Set(answer.map?.regions.map((region) => `${region.column},${region.row}`));
    expect(cells.size).toBe(answer.map?.regions.length);
    expect(answer.members.every((member) => member.region === 'Noord-Holland')).toBe(true);
    expect((await lander('lander=gallery')).map).toBeNull();
  });

  it("draws the site's first country for a country the site does not serve", async () => {
    expect((await lander('lander=maplanding&country=JP')).map?.country).toBe('NL');
  });
});
