import { type CompiledQuery, type KyselyPlugin, type RawBuilder, sql } from 'kysely';
import type { Db } from './database';

/** Stands in for an argument while the query is compiled; replaced by the value at each run. */
class Argument {
  constructor(readonly index: number) {}
}

interface Prepared {
  compiled: CompiledQuery;
  /** For each SQL parameter: the argument it takes, or -1 for a constant of the query. */
  sources: number[];
}

/**
 * A query of fixed shape, built and compiled once per database and then run
 * with new argument values. Kysely otherwise builds and compiles the query tree at every
 * call, which costs more than SQLite takes to run the app's small indexed queries
 * (docs/performance.md). `build` must pass each argument straight in as a value
 * (`where('id', '=', id)`): one that is computed on, tested or spread is refused at the
 * first run, since it would be frozen into the compiled SQL.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => { compile(): CompiledQuery<Row> },
): (db: Db, ...args: Args) => Promise<Row[]> {
  // Compiled once per database handle and plugin list: a transaction's handle shares its
  // database's adapter and plugins, so statements inside transactions are compiled once too.
  const preparedFor = new WeakMap<
    object,
    { plugins: readonly KyselyPlugin[]; prepared: Prepared }[]
  >();
  const preparedOf = (db: Db, arity: number): Prepared => {
    const { adapter, plugins } = db.getExecutor();
    let known = preparedFor.get(adapter);
    if (!known) preparedFor.set(adapter, (known = []));
    const samePlugins = (other: readonly KyselyPlugin[]) =>
      other.length === plugins.length && other.every((plugin, index) => plugin === plugins[index]);
    let entry = known.find((candidate) => samePlugins(candidate.plugins));
    if (!entry) known.push((entry = { plugins: [...plugins], prepared: prepare(db, arity) }));
    return entry.prepared;
  };
  const prepare = (db: Db, arity: number): Prepared => {
    const standIns = Array.from({ length: arity }, (_, index) => new Argument(index));
    const compiled = build(db, ...(standIns as unknown as Args)).compile();
    const sources = compiled.parameters.map((value) =>
      value instanceof Argument ? value.index : -1,
    );
    const missing = standIns.find((argument) => !sources.includes(argument.index));
    if (missing) {
      throw new Error(`preparedQuery: argument ${missing.index + 1} is not a plain query value`);
    }
    return { compiled, sources };
  };
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    const { compiled, sources } = preparedOf(db, args.length);
    const parameters = sources.map((source, position) =>
      source < 0 ? compiled.parameters[position] : args[source],
    );
    const result = await db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return result.rows;
  };
}

/**
 * One prepared query per page size, written into the SQL as a literal: SQLite plans
 * `LIMIT 12` better than `LIMIT ?` (half the time for the profile-card lists).
 */
export function perPageSize<Query>(make: (limit: RawBuilder<number>) => Query) {
  const made = new Map<number, Query>();
  return (pageSize: number): Query => {
    if (!Number.isSafeInteger(pageSize) || pageSize < 0) throw new RangeError('page size');
    let query = made.get(pageSize);
    if (!query) made.set(pageSize, (query = make(sql.lit(pageSize))));
    return query;
  };
}
