import type { Kysely } from 'kysely';
import { matchAppRoute } from '@contract/routes';

interface PageBouncesBefore {
  page_bounces: { site_id: number; path: string; day: string; count: number };
}
interface PageBouncesAfter {
  page_bounces: { site_id: number; route: string; day: string; count: number };
}

/*
 * Issue 29 item 7: page-hidden.php stored a row per path, and a path is free text within a
 * route's pattern (/members/1, /members/2, ...): one address wrote 120 rows in 10 minutes.
 * The counts are kept per site, route of the route table (its name, e.g. `pages-slug`) and
 * day instead, so the rows are bounded by sites × routes × days. The counts so far are added
 * up under their route; a path of no route is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const before = db as unknown as Kysely<PageBouncesBefore>;
  const rows = await before.selectFrom('page_bounces').selectAll().execute();
  const counts = new Map<string, PageBouncesAfter['page_bounces']>();
  for (const row of rows) {
    const route = matchAppRoute(row.path)?.name;
    if (!route) continue;
    const key = `${row.site_id} ${route} ${row.day}`;
    const counted = counts.get(key);
    if (counted) counted.count += row.count;
    else counts.set(key, { site_id: row.site_id, route, day: row.day, count: row.count });
  }
  await before.deleteFrom('page_bounces').execute();
  await db.schema.alterTable('page_bounces').renameColumn('path', 'route').execute();
  const after = db as unknown as Kysely<PageBouncesAfter>;
  const values = [...counts.values()];
  for (let start = 0; start < values.length; start += 500) {
    await after
      .insertInto('page_bounces')
      .values(values.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The paths are gone: the counts by route stay, under the old column's name.
  await db.schema.alterTable('page_bounces').renameColumn('route', 'path').execute();
}
