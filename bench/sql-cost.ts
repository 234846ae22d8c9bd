import type { AppProcess } from './app-process';
import { headersOf, type Action, type World } from './traffic-mix';
import { median } from './load-window';

/**
 * Statements and database time of one kind of call, one call at a time (nothing else runs,
 * so the counters' difference is that call's): medians over `samples` calls of random members.
 */
export async function sqlCostOf(
  app: AppProcess,
  world: World,
  action: Action,
  samples: number,
): Promise<{ statements: number; dbMs: number; errors: number }> {
  const statements: number[] = [];
  const dbMs: number[] = [];
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
  }
  return { statements: median(statements), dbMs: median(dbMs), errors };
}
