import type { Db } from '@server/db/database';

/** Counts one leave of a page on a day; the only writer of page_bounces. */
export async function countPageBounce(
  db: Db,
  bounce: { siteId: number; path: string; day: string },
): Promise<void> {
  await db
    .insertInto('page_bounces')
    .values({ site_id: bounce.siteId, path: bounce.path, day: bounce.day, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['site_id', 'path', 'day'])
        .doUpdateSet((update) => ({ count: update('page_bounces.count', '+', 1) })),
    )
    .execute();
}
