import { subMinutes } from 'date-fns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE, searchAnswerSchema } from '@contract/discovery';
import type { Db } from '@server/db/database';
import type { MemberRow } from '@server/db/schema';
import { createMember, createPhoto, memberValues } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { statementsOf as countStatements } from '@server/test/statement-count';
import { TestClient } from '@server/test/test-client';
import { SHARED_ROWS } from './search-queries';

// Issue 8 performance, docs/discovery-performance.md "Kept pages": a search page many members
// ask for is read once for the site and kept a few seconds; each viewer gets it less the
// members hidden from them, with their own likes, and a write to a member on it drops it.

let t: TestApp;
let db: Db;
const now = new Date();
let sequence = 0;
interface Answer {
  results: Array<{ id: number; liked: boolean }>;
  numResults: number;
  numResultsCapped: boolean;
  next_cursor: string | null;
}

/**
 * A visible member with a main photo, written past the write watch (`withoutPlugins`, raw SQL
 * for the photo): as members who were there before this instance started, so a page of them
 * is kept at once (a watched write would keep no list for a few seconds).
 */
async function seed(country: string, dateOfBirth = '1991-03-02'): Promise<number> {
  sequence += 1;
  const { id } = await db
    .withoutPlugins()
    .insertInto('members')
    .values(
      memberValues(t.siteId, {
        country,
        region: null,
        date_of_birth: dateOfBirth,
        last_active_at: subMinutes(now, sequence).toISOString(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into photos (member_id, storage_key, blurred_storage_key, status, position, width, height, created_at)
    values (${id}, ${`kept-${id}`}, ${`kept-${id}-blur`}, 'active', 0, 600, 600, ${now.toISOString()})`.execute(
    db,
  );
  return id;
}

/** A member who logs in, signed up before this instance started (past the write watch). */
async function loggedIn(): Promise<{ row: MemberRow; client: TestClient }> {
  const row = await createMember(db.withoutPlugins(), t.siteId, {
    gender: 'male',
    seeking: 'female',
    country: 'GB',
  });
  const client = new TestClient(t.app);
  const login = await client.post('/api/user.php', {
    email: row.email,
    password: 'correct horse battery',
  });
  expect(login.statusCode).toBe(200);
  return { row, client };
}

const statementsOf = (run: () => Promise<unknown>) => countStatements(db, run);

const searchOf = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/search.php?${query}`);
  expect(response.statusCode).toBe(200);
  return { body: response.json<Answer>(), response };
};
const ids = (answer: Answer) => answer.results.map((card) => card.id);

beforeAll(async () => {
  // Kept far longer than any test takes, so a slow machine cannot expire a page between calls.
  t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
  db = t.database.db;
});
afterAll(() => t.close());

describe('a search page kept for the site (issue 8)', () => {
  let members: number[];
  let first: TestClient;
  let second: TestClient;
  let secondRow: MemberRow;
  beforeAll(async () => {
    members = [];
    for (let index = 0; index < 30; index += 1) members.push(await seed('IE'));
    ({ client: first } = await loggedIn());
    ({ client: second, row: secondRow } = await loggedIn());
  });

  it('is read once: another member asking for it runs only their own part', async () => {
    const one = await searchOf(first, 'gender=female&country=IE');
    expect(ids(one.body)).toEqual(members.slice(0, PAGE_SIZE));
    expect(one.body.numResults).toBe(30);
    // The second member: their session and how they stand to the page's members, no more.
    let two: Awaited<ReturnType<typeof searchOf>> | undefined;
    const statements = await statementsOf(async () => {
      two = await searchOf(second, 'gender=female&country=IE');
    });
    expect(ids(two!.body)).toEqual(ids(one.body));
    expect(two!.body.numResults).toBe(30);
    expect(statements).toBeLessThanOrEqual(2);
    // Asked again: nothing at all (their part is kept with the page).
    expect(await statementsOf(() => searchOf(second, 'gender=female&country=IE'))).toBe(0);
  });

  // Before the tests below write to members of the page: a page with a member written in the
  // last few seconds is not kept (db/kept-reads.ts QUIET_MS), and its answer not either.
  it('gives a visitor and an untouched member the same answer, tagged and compressed once', async () => {
    const visitor = new TestClient(t.app);
    const seen = await searchOf(visitor, 'gender=female&country=IE');
    const etag = seen.response.headers.etag;
    expect(etag).toBeTruthy();
    expect(seen.response.headers['cache-control']).toBe('private, no-store');
    const fresh = await loggedIn();
    const theirs = await searchOf(fresh.client, 'gender=female&country=IE');
    expect(theirs.response.headers.etag).toBe(etag);
    expect(theirs.body).toEqual(seen.body);
  });

  it('leaves out a member the viewer blocked, for them alone, and counts without them', async () => {
    const blocked = members[2]!;
    expect((await second.post('/api/block.php', { member_id: blocked })).statusCode).toBe(200);
    const theirs = await searchOf(second, 'gender=female&country=IE');
    expect(ids(theirs.body)).not.toContain(blocked);
    expect(ids(theirs.body)).toHaveLength(PAGE_SIZE);
    expect(theirs.body.numResults).toBe(29);
    const others = await searchOf(first, 'gender=female&country=IE');
    expect(ids(others.body)).toContain(blocked);
    expect(others.body.numResults).toBe(30);
    // The page after theirs starts after their own last card.
    const next = await searchOf(
      second,
      `gender=female&country=IE&cursor=${theirs.body.next_cursor}`,
    );
    expect(ids(next.body)).toEqual(members.slice(PAGE_SIZE + 1));
    expect(next.body.numResults).toBe(29);
    expect((await second.delete('/api/block.php', { member_id: blocked })).statusCode).toBe(200);
    expect(ids((await searchOf(second, 'gender=female&country=IE')).body)).toContain(blocked);
  });

  it('leaves out a member who blocked the viewer', async () => {
    const blocker = members[4]!;
    await db
      .insertInto('blocks')
      .values({ blocker_id: blocker, blocked_id: secondRow.id, created_at: now.toISOString() })
      .execute();
    const theirs = await searchOf(second, 'gender=female&country=IE');
    expect(ids(theirs.body)).not.toContain(blocker);
    expect(theirs.body.numResults).toBe(29);
    await db.deleteFrom('blocks').where('blocker_id', '=', blocker).execute();
  });

  it("marks the viewer's own likes, and nobody else's", async () => {
    const liked = members[1]!;
    expect((await second.post('/api/like.php', { profile: liked })).statusCode).toBe(200);
    const theirs = await searchOf(second, 'gender=female&country=IE');
    expect(theirs.body.results.find((card) => card.id === liked)?.liked).toBe(true);
    // Their own answer is put together as text: exactly the contract's shape, nothing more.
    expect(searchAnswerSchema.strict().parse(theirs.body)).toEqual(theirs.body);
    expect(theirs.response.headers['content-type']).toBe('application/json; charset=utf-8');
    const others = await searchOf(first, 'gender=female&country=IE');
    expect(others.body.results.find((card) => card.id === liked)?.liked).toBe(false);
  });

  it('drops a member who turns invisible at once, and shows a new member at once', async () => {
    await searchOf(first, 'gender=female&country=IE');
    const hiding = members[0]!;
    await db.updateTable('members').set({ is_invisible: 1 }).where('id', '=', hiding).execute();
    const after = await searchOf(first, 'gender=female&country=IE');
    expect(ids(after.body)).not.toContain(hiding);
    expect(after.body.numResults).toBe(29);
    await db.updateTable('members').set({ is_invisible: 0 }).where('id', '=', hiding).execute();
    expect(ids((await searchOf(first, 'gender=female&country=IE')).body)).toContain(hiding);

    // Newest activity first: a member who just signed up and added a photo leads the page.
    const newcomer = await createMember(db, t.siteId, { country: 'IE', gender: 'female' });
    await createPhoto(db, newcomer.id);
    const withNewcomer = await searchOf(first, 'gender=female&country=IE');
    expect(ids(withNewcomer.body)[0]).toBe(newcomer.id);
    expect(withNewcomer.body.numResults).toBe(31);
    await db.deleteFrom('photos').where('member_id', '=', newcomer.id).execute();
  });
});

describe('a viewer who hides more of a kept page than it holds to spare', () => {
  it('gets their own page from the database, exact', async () => {
    const members: number[] = [];
    for (let index = 0; index < SHARED_ROWS + 10; index += 1) members.push(await seed('PL'));
    const { client, row } = await loggedIn();
    // They blocked all but 5 of the kept page's rows.
    const blocked = members.slice(0, SHARED_ROWS - 5);
    await db
      .insertInto('blocks')
      .values(
        blocked.map((id) => ({
          blocker_id: row.id,
          blocked_id: id,
          created_at: now.toISOString(),
        })),
      )
      .execute();
    const { body } = await searchOf(client, 'gender=female&country=PL');
    expect(ids(body)).toEqual(members.slice(SHARED_ROWS - 5, SHARED_ROWS - 5 + PAGE_SIZE));
    expect(body.numResults).toBe(15);
    expect(body.next_cursor).toBeNull();
    // Everyone else still sees the site's page.
    const visitor = await searchOf(new TestClient(t.app), 'gender=female&country=PL');
    expect(ids(visitor.body)).toEqual(members.slice(0, PAGE_SIZE));
  });
});

describe('similar results from a kept page', () => {
  it('are what the database gives the viewer, even when their blocks thin a relaxation step', async () => {
    const born = (age: number) => `${new Date().getUTCFullYear() - age - 1}-01-01`;
    // Newest first: 9 members of 45 (the search's own results), 25 of 27 (the nearer step,
    // ages widened by 5), then 5 in another country (the farther step).
    const own: number[] = [];
    for (let index = 0; index < 9; index += 1) own.push(await seed('IT', born(45)));
    const nearer: number[] = [];
    for (let index = 0; index < 25; index += 1) nearer.push(await seed('IT', born(27)));
    for (let index = 0; index < 5; index += 1) await seed('ES', born(27));
    const { client, row } = await loggedIn();
    await db
      .insertInto('blocks')
      .values({ blocker_id: row.id, blocked_id: nearer[3]!, created_at: now.toISOString() })
      .execute();
    const response = await client.get('/api/search.php?gender=female&country=IT&min_age=30');
    const body = response.json<Answer & { similar: Array<{ id: number }> }>();
    expect(ids(body)).toEqual(own);
    expect(body.similar.map((card) => card.id)).toEqual(
      nearer.filter((id) => id !== nearer[3]).slice(0, PAGE_SIZE),
    );
  });
});
