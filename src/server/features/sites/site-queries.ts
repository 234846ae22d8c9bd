import type { Db } from '@server/db/database';
import { type Site, storedSiteSettingsSchema } from './site-record';

/**
 * Site records by the exact stored row they were read from. The row is read on every request
 * (nothing decides by a timer whether it is still current); what is shared is only the parse
 * of an unchanged row: the same text gives the same record, so the answers kept per record
 * (settings, regions: http/kept-answer.ts) are built once per version of the settings, and an
 * edited row is a new key, a new record and new answers on the very next request.
 */
const recordsByRow = new Map<string, Site>();
const MAX_RECORDS = 1_000;

function siteRecordOf(row: {
  id: number;
  domain: string;
  company_id: number;
  settings_json: string;
}) {
  const key = `${row.id}\u0000${row.domain}\u0000${row.company_id}\u0000${row.settings_json}`;
  let site = recordsByRow.get(key);
  if (!site) {
    site = {
      id: row.id,
      domain: row.domain,
      companyId: row.company_id,
      settings: storedSiteSettingsSchema.parse(JSON.parse(row.settings_json)),
    };
    // Old versions of a site's row are never asked for again; a bound keeps them from piling up.
    if (recordsByRow.size >= MAX_RECORDS) recordsByRow.clear();
    recordsByRow.set(key, site);
  }
  return site;
}

export async function findSiteByHost(db: Db, host: string): Promise<Site | undefined> {
  const row = await db
    .selectFrom('site_domains')
    .innerJoin('sites', 'sites.id', 'site_domains.site_id')
    .select(['sites.id', 'sites.domain', 'sites.company_id', 'sites.settings_json'])
    .where('site_domains.domain', '=', host)
    .executeTakeFirst();
  return row && siteRecordOf(row);
}

/** A site by id: for work done outside a request (a job), where no host names the site. */
export async function findSiteById(db: Db, siteId: number): Promise<Site | undefined> {
  const row = await db
    .selectFrom('sites')
    .select(['id', 'domain', 'company_id', 'settings_json'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  return row && siteRecordOf(row);
}

export async function countSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
