import type { CompanyEdit, SiteSummary } from '@contract/site-admin';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import { storedSiteSettingsSchema } from './site-record';

/** Every site (or one) with its name and domains, for the console's list. */
export async function listSiteSummaries(db: Db, siteId?: number): Promise<SiteSummary[]> {
  let sites = db.selectFrom('sites').select(['id', 'domain', 'company_id', 'settings_json']);
  if (siteId !== undefined) sites = sites.where('id', '=', siteId);
  const rows = await sites.orderBy('id').execute();
  let domains = db.selectFrom('site_domains').select(['site_id', 'domain']);
  if (siteId !== undefined) domains = domains.where('site_id', '=', siteId);
  const domainRows = await domains.orderBy('domain').execute();
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    name: storedSiteSettingsSchema.parse(JSON.parse(row.settings_json)).name,
    company_id: row.company_id,
    domains: domainRows.filter((entry) => entry.site_id === row.id).map((entry) => entry.domain),
  }));
}

/** The company as the console edits it, and the ids of the sites it runs. */
export async function findCompanyForEdit(db: Db, companyId: number) {
  const row = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  const sites = await db
    .selectFrom('sites')
    .select('id')
    .where('company_id', '=', companyId)
    .execute();
  const company: CompanyEdit = {
    name: row.name,
    address: row.address,
    kvk: row.kvk,
    city: row.city,
    country: row.country,
    tradenames: JSON.parse(row.tradenames_json) as string[],
    vat_numbers: JSON.parse(row.vat_numbers_json) as string[],
    support_phone: row.support_phone,
    delete_discount: row.delete_discount,
  };
  return { company, sites: sites.map((site) => site.id) };
}

/** The interests in their order, with how many members chose each (those cannot go). */
export async function listAdminInterests(db: Db) {
  const rows = await db
    .selectFrom('interests')
    .leftJoin('member_interests', 'member_interests.interest_id', 'interests.id')
    .select(['interests.id', 'interests.key'])
    .select((eb) => eb.fn.count<number>('member_interests.member_id').as('members'))
    .groupBy(['interests.id', 'interests.key', 'interests.position'])
    .orderBy('interests.position')
    .orderBy('interests.id')
    .execute();
  return rows.map((row) => ({ id: row.id, key: row.key, members: Number(row.members) }));
}
