import { existsSync, mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { AppSqliteDialect, type SqliteDurability, sqliteDurability } from './sqlite-dialect';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sqlite-dialect-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// A transaction that reads, checks and then writes (a paid message, a like within the daily
// limit) holds SQLite's write lock from its BEGIN, so another process cannot commit between
// its check and its write (db/sqlite-dialect.ts, db/member-lock.ts).
describe('transactions begin as the writer', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = openDatabase({ sqlitePath: join(dir, 'app.sqlite') });
    await migrateToLatest(database.db);
  });
  afterEach(() => database.db.destroy());

  it('holds the write lock from the start of a transaction that has only read so far', async () => {
    const other = new SQLite(join(dir, 'app.sqlite'), { timeout: 0 });
    other.exec('create table scratch (value integer)');
    const writeFromOtherProcess = () => other.prepare('insert into scratch values (1)').run();
    try {
      await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('member_event_counters').select('member_id').execute();
        expect(writeFromOtherProcess).toThrow(/locked|busy/i);
      });
      // Committed: the other connection writes again.
      expect(writeFromOtherProcess().changes).toBe(1);
    } finally {
      other.close();
    }
  });
});

// A caller goes on only once its writes are flushed to the disk, however the file was opened
// (a new file and one already in WAL mode used to differ: FULL on the first start, NORMAL
// after every restart).
describe('durable writes', () => {
  interface Scratch {
    scratch: { value: number };
  }

  function openWithFlush(path = join(dir, 'app.sqlite')) {
    const flushes: { path: string; finish: () => void }[] = [];
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table if not exists scratch (value integer)');
    let durability: SqliteDurability | undefined;
    const db = new Kysely<Scratch>({
      dialect: new AppSqliteDialect({ database: sqlite }, () => {
        durability = sqliteDurability(sqlite, (path) => ({
          flush: () => new Promise<void>((finish) => flushes.push({ path, finish })),
          close: async () => undefined,
        }));
        return durability;
      }),
    });
    return { db, sqlite, flushes, durability: () => durability! };
  }

  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn += 1)
      await new Promise((resolve) => setImmediate(resolve));
  };

  const isSettled = async (promise: Promise<unknown>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return settled;
  };

  it('answers a transaction that wrote only after the log is flushed', async () => {
    const { db, flushes } = openWithFlush();
    const committed = db
      .transaction()
      .execute((trx) => trx.insertInto('scratch').values({ value: 1 }).execute());
    expect(await isSettled(committed)).toBe(false);
    expect(flushes.map((flush) => flush.path)).toEqual([join(dir, 'app.sqlite-wal')]);
    flushes[0]!.finish();
    await committed;
    await db.destroy();
  });

  it('lets the next transaction run while a flush is under way, and flushes once for many', async () => {
    const { db, sqlite, flushes } = openWithFlush();
    const first = db.insertInto('scratch').values({ value: 1 }).execute();
    await turns(3);
    const more = [2, 3, 4].map((value) => db.insertInto('scratch').values({ value }).execute());
    // The three ran and committed while the first flush was under way; they share the next.
    await turns(10);
    expect(sqlite.prepare('select count(*) from scratch').pluck().get()).toBe(4);
    expect(flushes).toHaveLength(1);
    flushes[0]!.finish();
    await first;
    await turns(3);
    expect(flushes).toHaveLength(2);
    expect(await isSettled(Promise.all(more))).toBe(false);
    flushes[1]!.finish();
    await Promise.all(more);
    await db.destroy();
  });

  it('flushes a commit made while an open transaction spanned the start of a flush', async () => {
    const { db, flushes } = openWithFlush();
    const first = db.insertInto('scratch').values({ value: 1 }).execute();
    await turns(3);
    // Committed during flush 0: it waits for flush 1.
    const second = db.insertInto('scratch').values({ value: 2 }).execute();
    await turns(3);
    let closeTransaction!: () => void;
    const open = new Promise<void>((resolve) => (closeTransaction = resolve));
    const third = db.transaction().execute(async (trx) => {
      await trx.insertInto('scratch').values({ value: 3 }).execute();
      await open;
    });
    await turns(3);
    // Flush 1 begins while the third transaction is open, its row written but not committed.
    flushes[0]!.finish();
    await first;
    await turns(3);
    expect(flushes).toHaveLength(2);
    flushes[1]!.finish();
    await second;
    // Committed after flush 1 ended: flush 1 covered its row only as uncommitted.
    closeTransaction();
    await turns(3);
    expect(await isSettled(third)).toBe(false);
    expect(flushes).toHaveLength(3);
    flushes[2]!.finish();
    await third;
    await db.destroy();
  });

  it('answers a read only once the commits it may have seen are flushed', async () => {
    const { db, flushes } = openWithFlush();
    const write = db.insertInto('scratch').values({ value: 1 }).execute();
    await turns(3);
    const read = db.selectFrom('scratch').select('value').execute();
    expect(await isSettled(read)).toBe(false);
    flushes[0]!.finish();
    await write;
    await turns(3);
    flushes[1]?.finish();
    expect(await read).toEqual([{ value: 1 }]);
    // Everything flushed: the next read does not wait.
    await db.selectFrom('scratch').select('value').execute();
    expect(flushes.length).toBeLessThanOrEqual(2);
    await db.destroy();
  });

  it('flushes the log beside the real file when the path is a symbolic link', async () => {
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'app.sqlite'), '');
    symlinkSync(join(dir, 'real', 'app.sqlite'), join(dir, 'link.sqlite'));
    const { db, flushes } = openWithFlush(join(dir, 'link.sqlite'));
    const write = db.insertInto('scratch').values({ value: 1 }).execute();
    await turns(3);
    expect(flushes.map((flush) => flush.path)).toEqual([
      join(realpathSync(dir), 'real', 'app.sqlite-wal'),
    ]);
    expect(existsSync(flushes[0]!.path)).toBe(true);
    flushes[0]!.finish();
    await write;
    await db.destroy();
  });

  it('does not wait for a flush after a read', async () => {
    const { db, flushes } = openWithFlush();
    await db.selectFrom('scratch').select('value').execute();
    await db.transaction().execute((trx) => trx.selectFrom('scratch').selectAll().execute());
    expect(flushes).toHaveLength(0);
    await db.destroy();
  });

  it('commits with synchronous = NORMAL on a new file and on one already in WAL mode', async () => {
    for (let start = 0; start < 2; start += 1) {
      const database = openDatabase({ sqlitePath: join(dir, 'restart.sqlite') });
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      expect(rows[0]?.synchronous).toBe(1);
      await database.db.destroy();
    }
  });

  it('copies the log into the database file on a thread of its own', async () => {
    const { db, flushes, durability } = openWithFlush();
    const flushing = setInterval(() => flushes.splice(0).forEach((flush) => flush.finish()), 1);
    try {
      const page = 'x'.repeat(4000);
      await db.transaction().execute(async (trx) => {
        for (let row = 0; row < 400; row += 1)
          await trx.insertInto('scratch').values({ value: row }).execute();
        await sql`update scratch set value = value + length(${page})`.execute(trx);
      });
      await sql`create table wide as select value, ${page} as text from scratch`.execute(db);
      // The app's own connection does not checkpoint below 10,000 pages: the thread does,
      // on its timer, without being asked.
      const fileSize = () => statSync(join(dir, 'app.sqlite')).size;
      const deadline = Date.now() + 10_000;
      while (fileSize() < 1_000_000 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fileSize()).toBeGreaterThan(1_000_000);
      const result = await durability().checkpoint();
      expect(result).toMatchObject({ busy: 0, checkpointed: result.log });
    } finally {
      clearInterval(flushing);
      await db.destroy();
    }
  });
});
