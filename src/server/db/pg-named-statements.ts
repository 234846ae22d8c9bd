import { createHash } from 'node:crypto';
import type pg from 'pg';

/** At most this many SQL texts get a name; later ones (rare, dynamic shapes) run unnamed. */
const MAX_NAMED_TEXTS = 2_000;
/** PostgreSQL: a statement's cached plan no longer fits a table a migration changed. */
const CACHED_PLAN_CHANGED = '0A000';

type QueryArgs = [text: string, values?: unknown[]];

/**
 * Makes the pool's clients run every parameterized statement as a named prepared statement:
 * PostgreSQL parses and plans each SQL text once per connection instead of at every call
 * (docs/performance.md). `pg` keeps the names per connection and sends only Bind and Execute
 * after the first run. The name is a hash of the text, so one name always means one text.
 *
 * While a rolling deploy migrates, a statement prepared before an `ALTER TABLE` fails with
 * "cached plan must not change result type": that text then runs unnamed on that connection
 * (retried once at once outside a transaction; inside one, the transaction fails as any
 * other error would and its caller's retry runs unnamed).
 */
export function nameStatementsOfPool(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_TEXTS) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => nameStatementsOf(client, nameOf));
}

function nameStatementsOf(
  client: pg.PoolClient | pg.Client,
  nameOf: (text: string) => string | undefined,
) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const unnamed = new Set<string>();
  let inTransaction = false;
  const patched = async (...args: unknown[]) => {
    const [text, values] = args as QueryArgs;
    // Cursors, config objects and callbacks go to pg as they are.
    if (typeof text !== 'string' || args.length > 2 || typeof args[1] === 'function') {
      return query(...args);
    }
    trackTransaction(text);
    const name = values && values.length > 0 && !unnamed.has(text) ? nameOf(text) : undefined;
    if (!name) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      unnamed.add(text);
      if (inTransaction) throw error;
      return query(text, values);
    }
  };
  const trackTransaction = (text: string) => {
    const word = text.trimStart().slice(0, 8).toLowerCase();
    if (word.startsWith('begin') || word.startsWith('start')) inTransaction = true;
    else if (word.startsWith('commit') || word.startsWith('end')) inTransaction = false;
    // `rollback to savepoint` stays in the transaction.
    else if (word.startsWith('rollback') && !/^\s*rollback\s+to\b/i.test(text)) {
      inTransaction = false;
    }
  };
  client.query = patched as typeof client.query;
}
