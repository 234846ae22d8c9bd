import type { Db } from '@server/db/database';
import { type Site, storedSiteSettingsSchema } from './site-record';

export async function findSiteByHost(db: Db, host: string): Promise<Site | undefined> {
  const row = await db
    .selectFrom('site_domains')
    .innerJoin('sites', 'sites.id', 'site_domains.site_id')
    .select(['sites.id', 'sites.domain', 'sites.company_id', 'sites.settings_json'])
    .where('site_domains.domain', '=', host)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    domain: row.domain,
    companyId: row.company_id,
    settings: storedSiteSettingsSchema.parse(JSON.parse(row.settings_json)),
  };
}

export async function countSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
