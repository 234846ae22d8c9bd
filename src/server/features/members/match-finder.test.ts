import { format, subMinutes, subYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/database';
import { updateMember } from '@server/db/members-table';
import type { MemberRow, NewMember } from '@server/db/schema';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// spec §2 match-finder: a few preference questions, members who fit ranked by how many answers
// match, a like state on each, the answers kept for the next visit.

let t: TestApp;
let db: Db;
let viewer: MemberRow;
let client: TestClient;
let interestIds: number[];
const now = new Date();
let sequence = 0;
const born = (age: number) => format(subYears(subMinutes(now, 60 * 24 * 100), age), 'yyyy-MM-dd');

async function seed(
  columns: Partial<NewMember> = {},
  interests: number[] = [],
  withPhoto = true,
): Promise<number> {
  sequence += 1;
  const { id } = await db
    .insertInto('members')
    .values({
      site_id: t.siteId,
      email: `finder${sequence}@example.com`,
      name: `Finder ${sequence}`,
      password_hash: null,
      date_of_birth: born(30),
      gender: 'female',
      seeking: 'male',
      country: 'NL',
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
  if (interests.length > 0)
    await db
      .insertInto('member_interests')
      .values(interests.map((interest_id) => ({ member_id: id, interest_id })))
      .execute();
  return id;
}

const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);
const m: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  interestIds = (await db.selectFrom('interests').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  const [a, b, c, d] = interestIds as [number, number, number, number];
  viewer = await createMember(db, t.siteId, {
    name: 'Finder Viewer',
    gender: 'male',
    seeking: 'female',
    // Fits her own 'both' answers, the most recently active of all: never her own result.
    date_of_birth: born(30),
  });
  await createPhoto(db, viewer.id);
  client = new TestClient(t.app);
  await client.post('/api/user.php', { email: viewer.email, password: 'correct horse battery' });

  // Fit: women of 25-35. Ranked by shared interests (of a, b, c), then by recent activity.
  m.none = await seed({}, [d]);
  m.two = await seed({}, [a, c, d]);
  m.one = await seed({}, [b]);
  m.twoOlder = await seed({ date_of_birth: born(35) }, [a, b]);
  m.three = await seed({ date_of_birth: born(25) }, [a, b, c]);
  // Do not fit, or may not be seen.
  m.man = await seed({ gender: 'male' }, [a, b, c]);
  m.tooOld = await seed({ date_of_birth: born(36) }, [a, b, c]);
  m.tooYoung = await seed({ date_of_birth: born(24) }, [a, b, c]);
  m.invisible = await seed({ is_invisible: 1 }, [a, b, c]);
  m.disabled = await seed({ profile_status: 'disabled' }, [a, b, c]);
  m.noPhoto = await seed({}, [a, b, c], false);
  m.blocked = await seed({}, [a, b, c]);
  m.blocker = await seed({}, [a, b, c]);
  m.foreign = await seed({}, [a, b, c]);
  const other = await seedDemoSite(db, 'finder-other.example', []);
  await updateMember(db, m.foreign, { site_id: other.siteId });
  await db
    .insertInto('blocks')
    .values([
      { blocker_id: viewer.id, blocked_id: m.blocked, created_at: now.toISOString() },
      { blocker_id: m.blocker, blocked_id: viewer.id, created_at: now.toISOString() },
    ])
    .execute();
  await db
    .insertInto('likes')
    .values({
      liker_id: viewer.id,
      liked_id: m.one,
      source: 'member',
      created_at: now.toISOString(),
    })
    .execute();
});
afterAll(() => t.close());

const answers = () => ({
  min_age: 25,
  max_age: 35,
  seeking: 'female',
  interests: interestIds.slice(0, 3),
});

describe('match finder (spec §2 match-finder)', () => {
  it('is for members only', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/match-finder.php')).statusCode).toBe(403);
    const put = await visitor.put('/api/match-finder.php', answers());
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toBe('authentication_required');
  });

  it('has no answers and no results before the first visit', async () => {
    const response = await client.get('/api/match-finder.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ answers: null, results: [] });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses unknown interests and an age range upside down, storing nothing', async () => {
    const unknown = await client.put('/api/match-finder.php', {
      ...answers(),
      interests: [interestIds[0], 999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'validation_failed',
      fields: { interests: 'invalid_value' },
    });
    const upsideDown = await client.put('/api/match-finder.php', {
      ...answers(),
      min_age: 40,
      max_age: 30,
    });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().fields).toEqual({ max_age: 'age_range_invalid' });
    const seeking = await client.put('/api/match-finder.php', { ...answers(), seeking: 'robots' });
    expect(seeking.statusCode).toBe(400);
    expect(await db.selectFrom('match_finder_answers').selectAll().execute()).toEqual([]);
  });

  it('ranks the members who fit by how many answers match, then by recent activity', async () => {
    const response = await client.put('/api/match-finder.php', answers());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.answers).toEqual(answers());
    expect(ids(body.results)).toEqual([m.three, m.two, m.twoOlder, m.one, m.none]);
    // Shared interests, plus one each for the age range and the gender.
    expect(body.results.map((card: { score: number }) => card.score)).toEqual([5, 4, 4, 3, 2]);
    expect(body.results.map((card: { liked: boolean }) => card.liked)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(body.results[0]).toMatchObject({ fictional: false, age: 25 });
    expect(body.results[0].main_image).not.toBeNull();
  });

  it('keeps the answers (one row per member, replaced) and answers them on the next visit', async () => {
    const changed = { ...answers(), interests: [], seeking: 'both' };
    const saved = await client.put('/api/match-finder.php', changed);
    expect(saved.statusCode).toBe(200);
    const response = await client.get('/api/match-finder.php');
    const body = response.json();
    expect(body.answers).toEqual(changed);
    // 'both': any gender; without interests, every fit scores 2 and recency decides.
    expect(ids(body.results)).toEqual([m.none, m.two, m.one, m.twoOlder, m.three, m.man]);
    expect(body.results.every((card: { score: number }) => card.score === 2)).toBe(true);
    const rows = await db
      .selectFrom('match_finder_answers')
      .selectAll()
      .where('member_id', '=', viewer.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.answers_json)).toEqual(changed);
  });
});
