import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';

// A transaction that reads, checks and then writes (a paid message, a like within the daily
// limit) holds SQLite's write lock from its BEGIN, so another process cannot commit between
// its check and its write (db/sqlite-writer-first.ts, db/member-lock.ts).
let dir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'writer-first-'));
  database = openDatabase({ sqlitePath: join(dir, 'app.sqlite') });
  await migrateToLatest(database.db);
});
afterEach(async () => {
  await database.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

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
