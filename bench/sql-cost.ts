import type { AppProcess } from './app-process';
import { headersOf, type Action, type World } from './traffic-mix';
import { median, percentile } from './load-window';

/**
 * Statements and database time of one kind of call, one call at a time (nothing else runs,
 * so the counters' difference is that call's): medians over `samples` calls of random members,
 * and the tail of the database time with the calls that cost the most (a median hides the
 * filters that walk far).
 */
export interface SqlCost {
  statements: number;
  dbMs: number;
  dbMsMean: number;
  dbMsP90: number;
  slowest: { ms: number; path: string }[];
  errors: number;
}

export async function sqlCostOf(
  app: AppProcess,
  world: World,
  action: Action,
  samples: number,
): Promise<SqlCost> {
  const statements: number[] = [];
  const dbMs: number[] = [];
  const paths: string[] = [];
  let errors = 0;
  for (let sample = 0; sample < samples; sample += 1) {
    const member = world.online[Math.floor(Math.random() * world.online.length)]!;
    const call = action.call(member, world);
    const before = await app.readSql();
    const response = await fetch(`${app.origin}${call.path}`, {
      method: call.method,
      headers: headersOf(member, call),
      ...(call.body ? { body: call.body } : {}),
    });
    const body = await response.text();
    const after = await app.readSql();
    if (!response.ok) errors += 1;
    else action.read?.(member, body);
    statements.push(after.statements - before.statements);
    dbMs.push(after.dbMs - before.dbMs);
    paths.push(call.path);
  }
  const slowest = dbMs
    .map((ms, index) => ({ ms, path: paths[index]! }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  return {
    statements: median(statements),
    dbMs: median(dbMs),
    dbMsMean: dbMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, dbMs.length),
    dbMsP90: percentile(dbMs, 0.9),
    slowest,
    errors,
  };
}
