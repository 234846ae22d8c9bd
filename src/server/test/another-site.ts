import type { TestApp } from '@server/test/test-app';

/** A second site of the installation (a copy of the test site), for site-scope tests. */
export async function anotherSite(t: TestApp): Promise<number> {
  const db = t.database.db;
  const site = await db
    .selectFrom('sites')
    .select(['company_id', 'settings_json'])
    .where('id', '=', t.siteId)
    .executeTakeFirstOrThrow();
  const domain = `other-${Date.now()}-${Math.random().toString(36).slice(2)}.example`;
  const { id } = await db
    .insertInto('sites')
    .values({ ...site, domain, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
