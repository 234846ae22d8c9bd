import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { KeptReads, sessionReadKey } from './kept-reads';

// docs/performance.md "Kept reads": a page's burst of API calls asks the database once for
// who is logged in, and every write to the member through the app is seen at the next call.
describe('kept reads in the running app', () => {
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

  it('keeps the session through a balance move, and shows the new balance at once', async () => {
    const { row, client } = await loggedIn(10);
    const nameOf = async () =>
      (await client.get('/api/user.php')).json<{ user: { profile: { name: string } } }>().user
        .profile.name;
    const name = await nameOf();
    // Unwatched: seen only if the session's member is read again.
    await sql`update members set name = 'Edited by hand' where id = ${row.id}`.execute(
      t.database.db,
    );
    // A paid message's write: the balance alone (WatchedWrite.balanceOnly).
    await t.database.db
      .updateTable('members')
      .set({ credits: 7 })
      .where('id', '=', row.id)
      .execute();
    expect((await userOf(client))?.credits).toBe(7);
    expect(await nameOf()).toBe(name);
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
  `kept reads on two instances (${shared ? 'PostgreSQL + Redis' : reason})`,
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

describe('KeptReads', () => {
  const load = (value: object) => async () => value;
  const ofMember = (member: number) => () => [member];

  it('keeps nothing of a member while a write to them may be uncommitted, then keeps again', async () => {
    let now = 1_000_000;
    const reads = new KeptReads(5_000, { now: () => now });
    reads.forget({ table: 'members', memberIds: [1] });
    await reads.read('a', load({ n: 1 }), ofMember(1));
    expect(reads.size).toBe(0);
    now += 5_000;
    await reads.read('a', load({ n: 2 }), ofMember(1));
    expect(await reads.read('a', load({ n: 3 }), ofMember(1))).toEqual({ n: 2 });
    now += 5_000;
    expect(await reads.read('a', load({ n: 4 }), ofMember(1))).toEqual({ n: 4 }); // past its time
  });

  it('drops a read when any member it names is written, and freezes what it keeps', async () => {
    const reads = new KeptReads(60_000);
    const kept = await reads.read('pair', load({ rows: [{ id: 1 }] }), () => [1, 2]);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen((kept as { rows: object[] }).rows[0])).toBe(true);
    reads.forget({ table: 'blocks', memberIds: [2] });
    expect(reads.size).toBe(0);
  });

  it('drops a session by its token hash, and keeps nothing a loader says not to keep', async () => {
    const reads = new KeptReads(60_000);
    await reads.read(sessionReadKey('abc'), load({ member: 1 }), ofMember(1));
    await reads.read(
      'missing',
      async () => undefined,
      () => null,
    );
    expect(reads.size).toBe(1);
    reads.forget({ table: 'sessions', tokenHashes: ['abc'] });
    expect(reads.size).toBe(0);
  });

  it('keeps nothing before it is told to accept, nor when turned off', async () => {
    const waiting = new KeptReads(5_000, { acceptAtOnce: false });
    await waiting.read('a', load({}), ofMember(1));
    expect(waiting.size).toBe(0);
    waiting.accept();
    await waiting.read('a', load({}), ofMember(1));
    expect(waiting.size).toBe(1);
    const off = new KeptReads(0);
    await off.read('a', load({}), ofMember(1));
    expect(off.size).toBe(0);
  });

  it('forgets everyone after a write it cannot pin, and keeps nothing for a while', async () => {
    let now = 1_000_000;
    const reads = new KeptReads(5_000, { now: () => now });
    await reads.read('a', load({}), ofMember(1));
    reads.forget({ table: 'photos', everyone: true });
    expect(reads.size).toBe(0);
    await reads.read('a', load({}), ofMember(1));
    expect(reads.size).toBe(0);
    now += 5_000;
    await reads.read('a', load({}), ofMember(1));
    expect(reads.size).toBe(1);
  });

  it('shares one load among readers of a key, unless what it read was written meanwhile', async () => {
    let loads = 0;
    const counted = (value: object) => async () => {
      loads += 1;
      return value;
    };
    const reads = new KeptReads(60_000);
    const [first, second] = await Promise.all([
      reads.read('list', counted({ ids: [1] }), () => [1]),
      reads.read('list', counted({ ids: [1] }), () => [1]),
    ]);
    expect(first).toBe(second);
    expect(loads).toBe(1);

    // A write to member 7 is compiled (not yet committed); a load starts and reads the old
    // rows; the write commits; a reader who came after it must not get what that load read.
    const quiet = new KeptReads(60_000);
    quiet.forget({ table: 'members', memberIds: [7] });
    let release: (value: { ids: number[] }) => void = () => undefined;
    const before = quiet.read(
      'list',
      () => new Promise<{ ids: number[] }>((resolve) => (release = resolve)),
      (value) => value.ids,
    );
    const after = quiet.read(
      'list',
      async () => ({ ids: [1] }),
      (value) => value.ids,
    );
    release({ ids: [1, 7] });
    expect(await before).toEqual({ ids: [1, 7] });
    expect(await after).toEqual({ ids: [1] });
    // Only the fresh read, which names no member written meanwhile, is kept.
    expect(
      await quiet.read(
        'list',
        async () => ({ ids: [] }),
        () => [],
      ),
    ).toEqual({ ids: [1] });
  });

  it('keeps reads that carry no balance through a balance move, and only those', async () => {
    let now = 1_000_000;
    const reads = new KeptReads(60_000, { now: () => now });
    await reads.read('session', load({ n: 1 }), ofMember(1), { blindToBalance: true });
    await reads.read('balance', load({ credits: 5 }), ofMember(1));
    reads.forget({ table: 'members', memberIds: [1], balanceOnly: true });
    expect(reads.size).toBe(1);
    expect(await reads.read('session', load({ n: 2 }), ofMember(1))).toEqual({ n: 1 });
    // While the move may be uncommitted, a balance read is not kept; one without it is.
    expect(await reads.read('balance', load({ credits: 4 }), ofMember(1))).toEqual({ credits: 4 });
    expect(await reads.read('balance', load({ credits: 3 }), ofMember(1))).toEqual({ credits: 3 });
    await reads.read('other', load({ n: 3 }), ofMember(1), { blindToBalance: true });
    expect(reads.size).toBe(2);
    now += 5_000;
    await reads.read('balance', load({ credits: 3 }), ofMember(1));
    expect(reads.size).toBe(3);
    // Any other write of the member drops them all.
    reads.forget({ table: 'members', memberIds: [1] });
    expect(reads.size).toBe(0);
  });

  it('evicts the least recently read first when full', async () => {
    const reads = new KeptReads(60_000, { maxEntries: 2 });
    await reads.read('a', load({ n: 'a' }), ofMember(1));
    await reads.read('b', load({ n: 'b' }), ofMember(2));
    await reads.read('a', load({ n: 'a2' }), ofMember(1)); // read again: most recent
    await reads.read('c', load({ n: 'c' }), ofMember(3)); // evicts b
    expect(await reads.read('a', load({ n: 'a3' }), ofMember(1))).toEqual({ n: 'a' });
    expect(await reads.read('b', load({ n: 'b2' }), ofMember(2))).toEqual({ n: 'b2' });
  });

  it('gives an entry read again one more pass of eviction, not more', async () => {
    const reads = new KeptReads(60_000, { maxEntries: 2 });
    await reads.read('a', load({ n: 'a' }), ofMember(1));
    await reads.read('b', load({ n: 'b' }), ofMember(2));
    await reads.read('a', load({ n: 'a2' }), ofMember(1)); // read again
    await reads.read('c', load({ n: 'c' }), ofMember(3)); // passes a over, evicts b
    await reads.read('d', load({ n: 'd' }), ofMember(4)); // a was not read since: evicted
    expect(reads.size).toBe(2);
    expect(await reads.read('c', load({ n: 'c2' }), ofMember(3))).toEqual({ n: 'c' });
    expect(await reads.read('a', load({ n: 'a3' }), ofMember(1))).toEqual({ n: 'a3' });
  });
});
