import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPostgresSchema, ensurePostgresSchema } from './database';
import { nameStatementsOfPool } from './pg-named-statements';

const databaseUrl = process.env.DATABASE_URL;

// docs/performance.md: PostgreSQL parses and plans each SQL text once per connection.
describe.skipIf(!databaseUrl)('named statements on PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  beforeAll(async () => {
    await ensurePostgresSchema(databaseUrl!, schema);
    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 1,
      options: `-c search_path=${schema}`,
    });
    nameStatementsOfPool(pool);
    await pool.query('create table notes (id int primary key, body text)');
    await pool.query("insert into notes values (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await pool.end();
    await dropPostgresSchema(databaseUrl!, schema);
  });

  const prepared = async (client: pg.PoolClient) =>
    (
      await client.query<{ statement: string }>('select statement from pg_prepared_statements')
    ).rows.map((row) => row.statement);

  it('prepares a parameterized text once per connection and runs it with new values', async () => {
    const client = await pool.connect();
    try {
      const text = 'select body from notes where id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ body: 'one' }]);
      expect((await client.query(text, [2])).rows).toEqual([{ body: 'two' }]);
      expect((await prepared(client)).filter((statement) => statement === text)).toHaveLength(1);
      // Text without parameters (begin, commit, DDL) stays unnamed.
      expect(await prepared(client)).not.toContain('select statement from pg_prepared_statements');
    } finally {
      client.release();
    }
  });

  it('runs a statement again after a migration changed its table (unnamed from then on)', async () => {
    const client = await pool.connect();
    try {
      const text = 'select * from notes where id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, body: 'one' }]);
      await client.query('alter table notes add column mood text');
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, body: 'one', mood: null }]);
      expect((await client.query(text, [2])).rows).toEqual([{ id: 2, body: 'two', mood: null }]);
    } finally {
      client.release();
    }
  });
});
