import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';

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

// Money is booked in SQLite too (the development default): a commit is on the disk before its
// caller goes on (docs/decisions.md, "SQLite durability").
describe('durable writes', () => {
  it('runs in WAL mode with synchronous = FULL', async () => {
    const database = openDatabase({ sqlitePath: join(dir, 'app.sqlite') });
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(
        database.db,
      );
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(synchronous.rows[0]?.synchronous).toBe(2);
    } finally {
      await database.db.destroy();
    }
  });
});
