import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { down, up } from './0024-page-bounces-by-route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

// Issue 29 item 7: the counts stored per path are added up under their route.
describe('migration 0024: page bounces by route', () => {
  it('adds the counts of every path up under its route and drops paths of no route', async () => {
    const db = t.database.db as unknown as Kysely<unknown>;
    await down(db);
    const before = db as unknown as Kysely<{
      page_bounces: { site_id: number; path: string; day: string; count: number };
    }>;
    await before
      .insertInto('page_bounces')
      .values([
        { site_id: t.siteId, path: '/members/1/landing', day: '2026-11-27', count: 2 },
        { site_id: t.siteId, path: '/members/2/landing', day: '2026-11-27', count: 3 },
        { site_id: t.siteId, path: '/members/2/landing', day: '2026-11-28', count: 1 },
        { site_id: t.siteId, path: '/pages/faq', day: '2026-11-27', count: 4 },
        { site_id: t.siteId, path: '/no-such-page', day: '2026-11-27', count: 9 },
      ])
      .execute();
    await up(db);
    const rows = await t.database.db
      .selectFrom('page_bounces')
      .select(['site_id', 'route', 'day', 'count'])
      .orderBy('route')
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      { site_id: t.siteId, route: 'members-id-landing', day: '2026-11-27', count: 5 },
      { site_id: t.siteId, route: 'members-id-landing', day: '2026-11-28', count: 1 },
      { site_id: t.siteId, route: 'pages-slug', day: '2026-11-27', count: 4 },
    ]);
  });
});
