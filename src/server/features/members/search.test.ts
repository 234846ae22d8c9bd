import { addDays, format, subMinutes, subYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE, SEARCH_COUNT_CAP, SIMILAR_BELOW } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { updateMember } from '@server/db/members-table';
import type { MemberRow, NewMember } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { encodeSearchCursor } from './search-cursor';

// spec §2 members, §3 search state, §6 logged-out search; issue 8 "Bad input" and performance.
// Each scenario seeds its own country, so scenarios do not see each other's members.

let t: TestApp;
let db: Db;
let viewer: MemberRow;
let client: TestClient;
const now = new Date();
const day = (date: Date) => format(date, 'yyyy-MM-dd');
let sequence = 0;

/** A visible member with a main photo (no password: search never logs them in). */
async function seed(columns: Partial<NewMember> = {}, withPhoto = true): Promise<number> {
  sequence += 1;
  const { id } = await db
    .insertInto('members')
    .values({
      site_id: t.siteId,
      email: `search${sequence}@example.com`,
      name: `Search ${sequence}`,
      password_hash: null,
      date_of_birth: '1990-06-15',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: null,
      language: 'en',
      about: '',
      status: 'active',
      profile_status: 'enabled',
      created_at: now.toISOString(),
      last_active_at: subMinutes(now, sequence).toISOString(),
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (withPhoto) await createPhoto(db, id);
  return id;
}

const search = async (query: string, as: TestClient = client) => {
  const response = await as.get(`/api/search.php?${query}`);
  return { status: response.statusCode, body: response.json(), response };
};
const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

/**
 * Counts the SQL statements the app runs: wraps the executor every query of this Kysely
 * instance goes through (the app was built on the same instance).
 */
function countStatements(database: Db) {
  const executor = database.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const counter = { count: 0 };
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    counter.count += 1;
    return original(...args);
  }) as typeof executor.executeQuery;
  return {
    counter,
    restore: () => {
      executor.executeQuery = original;
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  viewer = await createMember(db, t.siteId, {
    name: 'Search Viewer',
    gender: 'male',
    seeking: 'female',
    country: 'DE',
    region: null,
  });
  await createPhoto(db, viewer.id);
  client = new TestClient(t.app);
  const login = await client.post('/api/user.php', {
    email: viewer.email,
    password: 'correct horse battery',
  });
  expect(login.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('who a search shows (spec §1, §2 members)', () => {
  let visible: number;
  let blockedByViewer: number;
  let blockerOfViewer: number;
  beforeAll(async () => {
    visible = await seed({ country: 'DE', name: 'Visible' });
    await seed({ country: 'DE', is_invisible: 1 });
    await seed({ country: 'DE', profile_status: 'disabled' });
    await seed({ country: 'DE' }, false); // no photo
    const pendingOnly = await seed({ country: 'DE' }, false);
    await createPhoto(db, pendingOnly, { status: 'pending' });
    blockedByViewer = await seed({ country: 'DE' });
    blockerOfViewer = await seed({ country: 'DE' });
    await db
      .insertInto('blocks')
      .values([
        { blocker_id: viewer.id, blocked_id: blockedByViewer, created_at: now.toISOString() },
        { blocker_id: blockerOfViewer, blocked_id: viewer.id, created_at: now.toISOString() },
      ])
      .execute();
    // A member of another site, in the same country.
    const other = await seedDemoSite(db, 'other.example', []);
    const foreign = await seed({ country: 'DE' });
    await updateMember(db, foreign, { site_id: other.siteId });
  });

  it('shows only enabled, visible members of this site with a photo, never the viewer or blocks either way', async () => {
    const { status, body } = await search('country=DE');
    expect(status).toBe(200);
    expect(ids(body.results)).toEqual([visible]);
    expect(body.numResults).toBe(1);
    expect(body.numResultsCapped).toBe(false);
    expect(body.next_cursor).toBeNull();
  });

  it('a visitor sees the members the blocks hid from the viewer, but not the hidden ones', async () => {
    const { body } = await search('country=DE', new TestClient(t.app));
    expect(ids(body.results).sort()).toEqual(
      [visible, blockedByViewer, blockerOfViewer, viewer.id].sort(),
    );
  });

  it('carries liked (the viewer liked this member) and the fictional label on every card', async () => {
    const fictional = await seed({ country: 'DE', is_fictional: 1 });
    expect(
      (await search('country=DE')).body.results.map((card: { liked: boolean }) => card.liked),
    ).toEqual([false, false]);
    await db
      .insertInto('likes')
      .values({
        liker_id: viewer.id,
        liked_id: fictional,
        source: 'member',
        created_at: now.toISOString(),
      })
      .execute();
    // Someone else's like of the same member is not the viewer's.
    await db
      .insertInto('likes')
      .values({
        liker_id: blockedByViewer,
        liked_id: visible,
        source: 'member',
        created_at: now.toISOString(),
      })
      .execute();
    const { body } = await search('country=DE');
    const card = (id: number) => body.results.find((result: { id: number }) => result.id === id);
    expect(card(fictional)).toMatchObject({ liked: true, fictional: true });
    expect(card(visible)).toMatchObject({ liked: false, fictional: false });
    const visitor = await search('country=DE', new TestClient(t.app));
    expect(visitor.body.results.every((result: { liked: boolean }) => !result.liked)).toBe(true);
    await db.deleteFrom('members').where('id', '=', fictional).execute();
  });

  it('answers private, no-store: the list depends on the viewer', async () => {
    const { response } = await search('country=DE');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('filters (spec §3 search state)', () => {
  const bornYearsAgo = (years: number, plusDays = 0) =>
    day(addDays(subYears(now, years), plusDays));
  const members: Record<string, number> = {};
  beforeAll(async () => {
    members.turns30Today = await seed({
      country: 'CH',
      region: 'AG',
      date_of_birth: bornYearsAgo(30),
    });
    members.turns30Tomorrow = await seed({
      country: 'CH',
      region: 'AG',
      date_of_birth: bornYearsAgo(30, 1),
    });
    members.turns31Tomorrow = await seed({
      country: 'CH',
      region: 'BL',
      date_of_birth: bornYearsAgo(31, 1),
    });
    members.turned31Today = await seed({
      country: 'CH',
      region: 'BL',
      date_of_birth: bornYearsAgo(31),
    });
    members.man30 = await seed({
      country: 'CH',
      region: 'AG',
      gender: 'male',
      date_of_birth: bornYearsAgo(30),
    });
  });

  it('gender + country + ages: the age is exact to the day', async () => {
    const { body } = await search('gender=female&country=CH&min_age=30&max_age=30');
    expect(ids(body.results).sort()).toEqual(
      [members.turns30Today, members.turns31Tomorrow].sort(),
    );
    expect(body.results.map((card: { age: number }) => card.age)).toEqual([30, 30]);
  });

  it('min_age alone and max_age alone', async () => {
    const older = await search('gender=female&country=CH&min_age=31');
    expect(ids(older.body.results)).toEqual([members.turned31Today]);
    const younger = await search('gender=female&country=CH&max_age=29');
    expect(ids(younger.body.results)).toEqual([members.turns30Tomorrow]);
  });

  it('region of the country', async () => {
    const { body } = await search('country=CH&countryregion=AG');
    expect(ids(body.results).sort()).toEqual(
      [members.turns30Today, members.turns30Tomorrow, members.man30].sort(),
    );
    const men = await search('gender=male&country=CH');
    expect(ids(men.body.results)).toEqual([members.man30]);
  });

  it("ignores a filter the site's search_fields do not offer", async () => {
    await updateSiteSettings(t, { search_fields: ['country'] });
    try {
      const { status, body } = await search('gender=male&country=CH&min_age=31&countryregion=ZZ');
      expect(status).toBe(200);
      expect(body.numResults).toBe(5);
    } finally {
      await updateSiteSettings(t, {
        search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
      });
    }
  });
});

describe('bad input answers a clear code, never a 500 (issue 8)', () => {
  const fieldsOf = async (query: string) => {
    const { status, body } = await search(query);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe('validation_failed');
    return body.fields;
  };

  it('min_age above max_age', async () => {
    expect(await fieldsOf('min_age=40&max_age=30')).toEqual({ max_age: 'age_range_invalid' });
  });

  it('ages out of range', async () => {
    expect((await fieldsOf('min_age=12')).min_age).toBeDefined();
    expect((await fieldsOf('max_age=abc')).max_age).toBeDefined();
  });

  it('a country the site does not serve, a region not of the country, a region without country', async () => {
    expect(await fieldsOf('country=JP')).toEqual({ country: 'invalid_value' });
    expect(await fieldsOf('country=nl')).toEqual({ country: 'invalid_value' });
    expect(await fieldsOf('country=CH&countryregion=ZZ')).toEqual({
      countryregion: 'invalid_value',
    });
    expect(await fieldsOf('country=CH&countryregion=BRU')).toEqual({
      countryregion: 'invalid_value',
    });
    expect(await fieldsOf('countryregion=AG')).toEqual({ countryregion: 'invalid_value' });
  });

  it('a cursor it did not make: tampered, truncated, of another shape', async () => {
    const valid = encodeSearchCursor({
      after: { lastActiveAt: now.toISOString(), id: 5 },
      pageNumber: 2,
    });
    expect((await search(`cursor=${valid}`)).status).toBe(200);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      valid.slice(0, -3),
      `${valid}x`,
      encode([now.toISOString(), 5]),
      encode([now.toISOString(), 5, 2, 'extra']),
      encode([now.toISOString(), -5, 2]),
      encode([now.toISOString(), 5, 1]),
      encode([now.toISOString(), 5.5, 2]),
      encode(['yesterday', 5, 2]),
      encode({ lastActiveAt: now.toISOString(), id: 5, page: 2 }),
      encode(null),
      encode([now.toISOString(), '5', 2]),
      Buffer.from('{"unterminated').toString('base64url'),
      '%%%',
      'a'.repeat(300),
    ])
      expect(await fieldsOf(`cursor=${encodeURIComponent(cursor)}`), cursor).toEqual({
        cursor: 'cursor_invalid',
      });
  });
});

describe('pages (keyset, never OFFSET)', () => {
  const seeded: number[] = [];
  beforeAll(async () => {
    // 45 members; groups of three share their last activity, so the id decides among them.
    const base = subMinutes(now, 10_000);
    for (let index = 0; index < 45; index += 1)
      seeded.push(
        await seed({
          country: 'BE',
          last_active_at: subMinutes(base, Math.floor(index / 3)).toISOString(),
        }),
      );
  });

  it('walks 45 members in pages of 20, 20 and 5: none twice, none missing, newest first', async () => {
    const pages = [];
    let query = 'country=BE';
    for (;;) {
      const { status, body } = await search(query);
      expect(status).toBe(200);
      pages.push(body);
      if (!body.next_cursor) break;
      expect(body.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      query = `country=BE&cursor=${body.next_cursor}`;
    }
    expect(pages.map((page) => page.results.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 5]);
    expect(pages.map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    expect(pages.map((page) => page.numResults)).toEqual([45, 45, 45]);
    expect(pages.every((page) => page.similar.length === 0)).toBe(true);
    const walked = pages.flatMap((page) => ids(page.results));
    // Newest first; among equal activity the higher id first.
    const expected = seeded
      .map((id, index) => ({ id, minute: Math.floor(index / 3) }))
      .sort((a, b) => a.minute - b.minute || b.id - a.id)
      .map((member) => member.id);
    expect(walked).toEqual(expected);
  });

  it('counts up to SEARCH_COUNT_CAP and says when it stopped there', async () => {
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, index) => ({
      site_id: t.siteId,
      email: `capped${index}@example.com`,
      name: `Capped ${index}`,
      password_hash: null,
      date_of_birth: '1991-01-01',
      gender: 'female',
      seeking: 'male',
      country: 'US',
      language: 'en',
      about: '',
      status: 'active',
      profile_status: 'enabled',
      created_at: now.toISOString(),
      last_active_at: subMinutes(now, 20_000 + index).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 250)
      await db
        .insertInto('members')
        .values(rows.slice(start, start + 250))
        .execute();
    const members = await db
      .selectFrom('members')
      .select('id')
      .where('country', '=', 'US')
      .execute();
    const photos = members.map(({ id }) => ({
      member_id: id,
      storage_key: `capped-${id}`,
      blurred_storage_key: `capped-blurred-${id}`,
      status: 'active',
      position: 0,
      width: 600,
      height: 600,
      created_at: now.toISOString(),
    }));
    for (let start = 0; start < photos.length; start += 250)
      await db
        .insertInto('photos')
        .values(photos.slice(start, start + 250))
        .execute();
    const capped = await search('country=US');
    expect(capped.body.numResults).toBe(SEARCH_COUNT_CAP);
    expect(capped.body.numResultsCapped).toBe(true);
    await db.deleteFrom('members').where('email', '=', 'capped0@example.com').execute();
    const exact = await search('country=US');
    expect(exact.body.numResults).toBe(SEARCH_COUNT_CAP);
    expect(exact.body.numResultsCapped).toBe(false);
  });
});

describe('similar results when few match (issue 8)', () => {
  const m: Record<string, number> = {};
  const born = (age: number) => day(subYears(addDays(now, -100), age));
  beforeAll(async () => {
    m.strict = await seed({ country: 'AT', region: '1', date_of_birth: born(32) });
    m.otherRegion = await seed({ country: 'AT', region: '2', date_of_birth: born(33) });
    m.widenedAge = await seed({ country: 'AT', region: '1', date_of_birth: born(38) });
    m.tooOld = await seed({ country: 'AT', region: '1', date_of_birth: born(41) });
    m.man = await seed({ country: 'AT', region: '1', gender: 'male', date_of_birth: born(32) });
    // Another country: only once the country is dropped; the most recently active of all.
    m.abroad = await seed({
      country: 'FR',
      date_of_birth: born(34),
      last_active_at: new Date(now.getTime() + 60_000).toISOString(),
    });
    m.abroadTooYoung = await seed({
      country: 'FR',
      date_of_birth: born(22),
      last_active_at: new Date(now.getTime() + 60_000).toISOString(),
    });
  });

  it('relaxes region, then ages by 5 years, then country; nearer first, results left out', async () => {
    const { body } = await search('gender=female&country=AT&countryregion=1&min_age=30&max_age=35');
    expect(ids(body.results)).toEqual([m.strict]);
    expect(body.numResults).toBe(1);
    const similar = ids(body.similar);
    expect(similar.slice(0, 2)).toEqual([m.otherRegion, m.widenedAge]);
    expect(similar[2]).toBe(m.abroad);
    for (const left of [m.strict, m.tooOld, m.man, m.abroadTooYoung, viewer.id])
      expect(similar).not.toContain(left);
    expect(new Set(similar).size).toBe(similar.length);
    expect(similar.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(body.similar[0]).toHaveProperty('liked', false);
  });

  it('none when enough match, and none beyond the first page', async () => {
    const { body } = await search('country=BE');
    expect(body.numResults).toBeGreaterThanOrEqual(SIMILAR_BELOW);
    expect(body.similar).toEqual([]);
  });
});

describe('visitors (spec §6 logged-out search)', () => {
  const visitor = (query: string) => search(query, new TestClient(t.app));
  const settings = (logged_out_search: boolean, logged_out_search_trafficsource: boolean) =>
    updateSiteSettings(t, { logged_out_search, logged_out_search_trafficsource });
  afterAll(() => settings(true, false));

  it('are asked to log in where logged-out search is off', async () => {
    await settings(false, false);
    for (const query of ['country=BE', 'country=BE&network=partner', 'ref=abc']) {
      const { status, body } = await visitor(query);
      expect(status).toBe(403);
      expect(body.error).toBe('authentication_required');
    }
    expect((await search('country=BE')).status).toBe(200);
  });

  it('search with a traffic source where the traffic-source variant is on', async () => {
    await settings(false, true);
    expect((await visitor('country=BE')).status).toBe(403);
    expect((await visitor('country=BE&network=partner')).status).toBe(200);
    expect((await visitor('country=BE&ref=abc')).status).toBe(200);
  });

  it('search freely where logged-out search is on, with private, no-store answers', async () => {
    await settings(true, false);
    const { status, body, response } = await visitor('country=BE');
    expect(status).toBe(200);
    expect(body.results).toHaveLength(PAGE_SIZE);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

// Issue 8 counted 3 with the site kept in memory; since issue 24 the site is read on every
// request (nothing is kept by a timer: features/sites/site-queries.ts), so 4.
describe('at most 4 SQL statements per request, the site and session lookups included (issues 8, 24)', () => {
  it('on a full first page, a later page, and a short first page with similar results', async () => {
    const first = await search('country=BE');
    const { counter, restore } = countStatements(db);
    try {
      const counted: Record<string, number> = {};
      const measure = async (name: string, query: string) => {
        counter.count = 0;
        const { status, body } = await search(query);
        expect(status).toBe(200);
        counted[name] = counter.count;
        return body;
      };
      await measure('full first page', 'country=BE');
      await measure('page 2', `country=BE&cursor=${first.body.next_cursor}`);
      const few = await measure(
        'similar',
        'gender=female&country=AT&countryregion=1&min_age=30&max_age=35',
      );
      expect(few.similar.length).toBeGreaterThan(0);
      // The counter sees the statements: site + session + page + count (or similar).
      expect(counted).toEqual({ 'full first page': 4, 'page 2': 4, similar: 4 });
    } finally {
      restore();
    }
  });
});
