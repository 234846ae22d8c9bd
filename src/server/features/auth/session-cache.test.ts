import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { SessionCache } from './session-cache';

// docs/performance.md "Session cache": a page's burst of API calls asks the database once for
// who is logged in, and every write to the member through the app is seen at the next call.
describe('the session cache in the running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function loggedIn(credits = 10) {
    const row = await createMember(t.database.db, t.siteId, { credits });
    const client = new TestClient(t.app);
    const login = await client.post('/api/user.php', {
      email: row.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    return { row, client };
  }
  const userOf = async (client: TestClient) =>
    (await client.get('/api/user.php')).json<{
      user: { credits: number; profile: { main_image: unknown } } | null;
    }>().user;

  it('answers from memory: an edit outside the app (raw SQL) is not seen at once', async () => {
    const { row, client } = await loggedIn(10);
    expect((await userOf(client))?.credits).toBe(10);
    // Raw SQL is not watched: this is how an operator's hand edit behaves (for at most
    // SESSION_CACHE_SECONDS), and it proves the second call did not ask the database.
    await sql`update members set credits = 99 where id = ${row.id}`.execute(t.database.db);
    expect((await userOf(client))?.credits).toBe(10);
  });

  it('sees a write made through the app at the very next call', async () => {
    const { row, client } = await loggedIn(10);
    expect((await userOf(client))?.credits).toBe(10);
    await t.database.db
      .updateTable('members')
      .set({ credits: 4 })
      .where('id', '=', row.id)
      .execute();
    expect((await userOf(client))?.credits).toBe(4);
  });

  it('shows a new main photo at once', async () => {
    const { row, client } = await loggedIn();
    expect((await userOf(client))?.profile.main_image).toBeNull();
    await createPhoto(t.database.db, row.id);
    expect((await userOf(client))?.profile.main_image).not.toBeNull();
  });

  it('forgets a session at logout: its cookie replayed elsewhere is a visitor at once', async () => {
    const { client } = await loggedIn();
    expect(await userOf(client)).not.toBeNull();
    const replay = new TestClient(t.app);
    for (const [name, value] of client.cookies) replay.cookies.set(name, value);
    expect(await userOf(replay)).not.toBeNull();
    expect((await client.get('/api/logout.php')).statusCode).toBe(200);
    expect(await userOf(replay)).toBeNull();
  });

  it('forgets every session of a member whose sessions are all revoked', async () => {
    const { row, client } = await loggedIn();
    expect(await userOf(client)).not.toBeNull();
    await t.database.db.deleteFrom('sessions').where('member_id', '=', row.id).execute();
    expect(await userOf(client)).toBeNull();
  });
});

// Two instances share PostgreSQL and Redis; only then can a write on one reach the other.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const reason = 'two instances need a shared PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)';

describe.skipIf(!shared)(
  `the session cache on two instances (${shared ? 'PostgreSQL + Redis' : reason})`,
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    beforeAll(async () => {
      // Kept far longer than the test waits, so only the notice can make B forget.
      a = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
      const database = openDatabase({
        databaseUrl: a.config.DATABASE_URL,
        schema: a.config.DATABASE_SCHEMA,
        sqlitePath: ':memory:',
      });
      b = await buildApp({ config: a.config, database });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('forgets on instance B what a write or a logout through instance A changed', async () => {
      const row = await createMember(a.database.db, a.siteId, { credits: 10 });
      const onB = new TestClient(b);
      const login = await onB.post('/api/user.php', {
        email: row.email,
        password: 'correct horse battery',
      });
      expect(login.statusCode).toBe(200);
      const onA = new TestClient(a.app);
      for (const [name, value] of onB.cookies) onA.cookies.set(name, value);
      const userOf = async (client: TestClient) =>
        (await client.get('/api/user.php')).json<{ user: { credits: number } | null }>().user;
      expect((await userOf(onB))?.credits).toBe(10);

      await a.database.db
        .updateTable('members')
        .set({ credits: 3 })
        .where('id', '=', row.id)
        .execute();
      // The notice crosses Redis: B is told within moments, not at the same instant.
      await vi.waitFor(async () => expect((await userOf(onB))?.credits).toBe(3), {
        timeout: 5_000,
      });

      expect((await onA.get('/api/logout.php')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await userOf(onB)).toBeNull(), { timeout: 5_000 });
    });
  },
);

describe('SessionCache', () => {
  const member = (id: number) =>
    ({ id, site_id: 1, notifications_disabled: [] }) as unknown as Parameters<
      SessionCache['keepMember']
    >[1];
  const later = new Date(Date.now() + 3_600_000);

  it('keeps nothing while a write to the member may be uncommitted, then keeps again', () => {
    let now = 1_000_000;
    const cache = new SessionCache(5_000, { now: () => now });
    cache.forget({ table: 'members', memberIds: [1] });
    cache.keepMember('hash', member(1), later);
    expect(cache.member('hash', 1)).toBeUndefined();
    now += 5_000;
    cache.keepMember('hash', member(1), later);
    expect(cache.member('hash', 1)).toBeDefined();
    expect(cache.member('hash', 2)).toBeUndefined(); // another site's request
    now += 5_000;
    expect(cache.member('hash', 1)).toBeUndefined(); // past its time
  });

  it('drops a copy past its session expiry, and freezes what it keeps', () => {
    let now = Date.now();
    const cache = new SessionCache(60_000, { now: () => now });
    const kept = cache.keepMember('hash', member(1), new Date(now + 1_000));
    expect(Object.isFrozen(kept)).toBe(true);
    now += 1_000;
    expect(cache.member('hash', 1)).toBeUndefined();
  });

  it('keeps nothing before it is told to accept, nor when turned off', () => {
    const waiting = new SessionCache(5_000, { acceptAtOnce: false });
    waiting.keepMember('hash', member(1), later);
    expect(waiting.size).toBe(0);
    waiting.accept();
    waiting.keepMember('hash', member(1), later);
    expect(waiting.size).toBe(1);
    const off = new SessionCache(0);
    off.keepMember('hash', member(1), later);
    expect(off.size).toBe(0);
  });

  it('forgets everyone after a write it cannot pin', () => {
    let now = 1_000_000;
    const cache = new SessionCache(5_000, { now: () => now });
    cache.keepMember('a', member(1), later);
    cache.forget({ table: 'photos', everyone: true });
    expect(cache.member('a', 1)).toBeUndefined();
    cache.keepMember('a', member(1), later);
    expect(cache.size).toBe(0);
    now += 5_000;
    cache.keepMember('a', member(1), later);
    expect(cache.size).toBe(1);
  });
});
