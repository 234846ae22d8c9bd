import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@server/db/dialect-of';
import { refreshPlannerStatistics } from '@server/db/planner-statistics';
import { memberValues } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { searchPageQuery } from './search-queries';
import type { SearchFilters } from './search-filters';

// issue 24 §4 ("indexes for every query path"): every shape of search the page offers reads
// its members in activity order from an index that leads with the shape's equality filters,
// so LIMIT stops the walk after a page. Without one, `country=IT` walked every member of the
// site in activity order and looked each one's country up in the table: 2 s of database time
// over 1,000,000 members in the bench, until migration 0019. The plan is read, not timed.

/** Each shape, and the filters its index must look up (the rest are checked in the index). */
const SHAPES: Array<[string, SearchFilters, string[]]> = [
  ['no filter', {}, []],
  ['ages only', { minAge: 25, maxAge: 40 }, []],
  ['gender', { gender: 'male' }, ['gender']],
  ['gender and ages', { gender: 'male', minAge: 25, maxAge: 40 }, ['gender']],
  ['country', { country: 'IT' }, ['country']],
  ['country and ages', { country: 'IT', minAge: 25, maxAge: 40 }, ['country']],
  ['country and gender', { country: 'IT', gender: 'male' }, ['country', 'gender']],
  ['country and region', { country: 'IT', region: '5' }, ['country', 'region']],
  // A region is small: its index finds it, and the gender is checked on the row.
  ['country, region and gender', { country: 'IT', region: '5', gender: 'male' }, ['region']],
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Enough members in several countries for the planner's statistics to mean something.
  const countries = ['IT', 'NL', 'DE', 'FR', 'ES'];
  const rows = Array.from({ length: 2_000 }, (_, index) =>
    memberValues(t.siteId, {
      country: countries[index % countries.length],
      region: String(index % 20),
      gender: index % 2 ? 'male' : 'female',
      date_of_birth: `${1960 + (index % 40)}-03-01`,
      last_active_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    }),
  );
  for (let start = 0; start < rows.length; start += 500)
    await t.database.db
      .insertInto('members')
      .values(rows.slice(start, start + 500))
      .execute();
  await refreshPlannerStatistics(t.database.db);
});
afterAll(() => t.close());

/** The plan, one line per step (PostgreSQL: with sorting priced out, see below). */
async function planOf(filters: SearchFilters): Promise<string[]> {
  const db = t.database.db;
  const query = searchPageQuery(db, { siteId: t.siteId, viewerId: null, filters }, null).compile();
  if (!isPostgres(db)) {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail);
  }
  // PostgreSQL may rightly sort 2,000 rows; with sorting priced out, a plan without a Sort
  // step exists only if an index gives the order.
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_sort = off'));
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  });
}

/** The step that reads `members`, with its conditions (PostgreSQL's indented lines). */
function membersStep(plan: string[]): string {
  const scan = plan.findIndex((step) => / members\b/.test(step) && !/photos/.test(step));
  const next = plan.findIndex((step, index) => index > scan && /->/.test(step));
  return plan.slice(scan, next === -1 ? undefined : next).join('\n');
}

describe('every search shape reads members in activity order from an index', () => {
  it.each(SHAPES)('%s', async (_shape, filters, lookedUp) => {
    const step = membersStep(await planOf(filters));
    if (isPostgres(t.database.db)) {
      expect(step).toMatch(/Index (Only )?Scan/);
      const condition = step.split('\n').find((line) => /Index Cond/.test(line)) ?? '';
      for (const column of ['site_id', ...lookedUp]) expect(condition).toContain(`${column} =`);
    } else {
      expect(step).toMatch(/USING (COVERING )?INDEX/);
      for (const column of ['site_id', ...lookedUp]) expect(step).toContain(`${column}=?`);
    }
  });
  it('and sorts nothing', async () => {
    for (const [, filters] of SHAPES)
      expect((await planOf(filters)).join('\n')).not.toMatch(/TEMP B-TREE|Sort\b/);
  });
});
