import type { KyselyPlugin, QueryResult, UnknownRow } from 'kysely';
import type { Db } from '@server/db/database';

/**
 * The SQL statements run on `db` while `run` runs: counts what goes through the executor every
 * query of this Kysely instance uses (build the app on the same instance). Statements inside a
 * transaction run on its own connection and are not counted.
 */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<number> {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof executor.executeQuery;
  try {
    await run();
  } finally {
    executor.executeQuery = original;
  }
  return count;
}

/**
 * A plugin that counts every statement run through a handle it is plugged into
 * (`db.withPlugin(plugin)`), transactions on that handle included: for a path handed its own
 * handle, such as a service called directly.
 */
export function statementCounter() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args): Promise<QueryResult<UnknownRow>> => {
      counter.statements += 1;
      return args.result;
    },
  };
  return { counter, plugin };
}
