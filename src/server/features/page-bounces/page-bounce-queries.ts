import type { Db } from '@server/db/database';

/** Counts one leave of a page (its route) on a day; the only writer of page_bounces. */
export async function countPageBounce(
  db: Db,
  bounce: { siteId: number; route: string; day: string },
): Promise<void> {
  await db
    .insertInto('page_bounces')
    .values({ site_id: bounce.siteId, route: bounce.route, day: bounce.day, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['site_id', 'route', 'day'])
        .doUpdateSet((update) => ({ count: update('page_bounces.count', '+', 1) })),
    )
    .execute();
}
