import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dropSampledStatistics, withStatementCache } from './sqlite-statement-cache';

function tableOfNumbers() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(
    'CREATE TABLE numbers (n INTEGER, site INTEGER); CREATE INDEX by_site ON numbers (site)',
  );
  const insert = sqlite.prepare('INSERT INTO numbers VALUES (?, ?)');
  for (let n = 0; n < 500; n += 1) insert.run(n, n % 5);
  return sqlite;
}

describe('withStatementCache', () => {
  it('hands out one prepared statement per SQL text', () => {
    const database = withStatementCache(tableOfNumbers());
    const sql = 'SELECT n FROM numbers WHERE site = ?';
    expect(database.prepare(sql)).toBe(database.prepare(sql));
    expect(database.prepare(sql)).not.toBe(database.prepare(`${sql} ORDER BY n`));
  });

  it('prepares afresh while the cached statement is busy streaming', () => {
    const database = withStatementCache(tableOfNumbers());
    const sql = 'SELECT n, site FROM numbers ORDER BY n';
    const streaming = database.prepare(sql);
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 0, site: 0 });
    expect(database.prepare(sql)).not.toBe(streaming);
    rows.return?.();
    expect(database.prepare(sql)).toBe(streaming);
  });

  it('answers rows as objects named by their columns, the last of a repeated name winning', () => {
    const database = withStatementCache(tableOfNumbers());
    const read = database.prepare(
      'SELECT n, site, n AS "odd name", site AS n FROM numbers WHERE n = ?',
    );
    expect(read.all([7])).toEqual([{ n: 2, site: 2, 'odd name': 7 }]);
    expect(Object.getPrototypeOf(read.all([7])[0])).toBe(Object.prototype);
    const write = database.prepare('INSERT INTO numbers VALUES (?, ?)');
    expect(write.run([1000, 1]).changes).toBe(1);
  });

  it('forgets the oldest statement beyond its capacity', () => {
    const database = withStatementCache(tableOfNumbers(), 2);
    const first = database.prepare('SELECT 1');
    database.prepare('SELECT 2');
    database.prepare('SELECT 3');
    expect(database.prepare('SELECT 1')).not.toBe(first);
  });
});

describe('dropSampledStatistics', () => {
  it('keeps the per-index statistics and drops the sampled values', () => {
    const sqlite = tableOfNumbers();
    sqlite.exec('ANALYZE');
    const count = (table: string) =>
      (sqlite.prepare(`SELECT count(*) AS count FROM ${table}`).get() as { count: number }).count;
    expect(count('sqlite_stat4')).toBeGreaterThan(0);
    dropSampledStatistics(sqlite);
    expect(count('sqlite_stat4')).toBe(0);
    expect(count('sqlite_stat1')).toBeGreaterThan(0);
  });
});
