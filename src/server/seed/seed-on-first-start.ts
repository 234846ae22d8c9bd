import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Db } from '@server/db/database';
import { refreshPlannerStatistics } from '@server/db/planner-statistics';
import { countSites } from '@server/features/sites';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { DEMO_LOGIN, seedDemoMembers } from './demo-members';
import { seedDemoSite } from './demo-site';

/**
 * On the very first start (no site yet) seeds the localhost demo site and its members, so
 * `npm start` shows a living product. A second start finds the site and keeps all data.
 */
export async function seedOnFirstStart(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<typeof DEMO_LOGIN | undefined> {
  if (!config.SEED_DEMO) return undefined;
  if ((await countSites(db)) > 0) return DEMO_LOGIN;
  log.info(
    `first start: seeding the demo site with ${config.DEMO_MEMBER_COUNT} members and their photos (about a minute)`,
  );
  const { siteId } = await seedDemoSite(db);
  const started = Date.now();
  await seedDemoMembers(db, localPhotoStorage(config.MEDIA_DIR), {
    siteId,
    count: config.DEMO_MEMBER_COUNT,
  });
  log.info({ members: config.DEMO_MEMBER_COUNT, ms: Date.now() - started }, 'demo members seeded');
  // Fresh statistics, so the query planner uses the indexes for the data just written.
  await refreshPlannerStatistics(db);
  return DEMO_LOGIN;
}
