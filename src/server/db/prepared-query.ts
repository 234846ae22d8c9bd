import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
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
 * A query of fixed shape, built and compiled once per database (or transaction) and then run
 * with new argument values. Kysely otherwise builds and compiles the query tree at every
 * call, which costs more than SQLite takes to run the app's small indexed queries
 * (docs/performance.md). `build` must pass each argument straight in as a value
 * (`where('id', '=', id)`): one that is computed on, tested or spread is refused at the
 * first run, since it would be frozen into the compiled SQL.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => { compile(): CompiledQuery<Row> },
): (db: Db, ...args: Args) => Promise<Row[]> {
  const preparedFor = new WeakMap<Db, Prepared>();
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
    let prepared = preparedFor.get(db);
    if (!prepared) preparedFor.set(db, (prepared = prepare(db, args.length)));
    const { compiled, sources } = prepared;
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
