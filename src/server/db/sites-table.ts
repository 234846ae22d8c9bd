import type { CompanyEdit } from '@contract/site-admin';
import { type StoredSiteSettings, storedSiteSettingsSchema } from '@contract/stored-site-settings';
import { AppError } from '@server/errors/app-error';
import type { Db } from './database';
import { recordAudit } from './staff-audit-table';

// The one writer of `sites`, `site_domains` and `companies` besides the demo seed (issue 30
// item 6). Each change runs in one transaction with its audit row (who, before, after), and
// nothing is kept anywhere: the site resolver reads the row on every request, so an edit is
// seen on the next request on every instance (features/sites/site-queries.ts).

/** Only the top-level keys that differ, so an audit entry reads as what changed. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return { before: was, after: is };
}

async function settingsRow(trx: Db, siteId: number) {
  const row = await trx
    .selectFrom('sites')
    .select(['id', 'domain', 'company_id', 'settings_json'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  return row;
}

/** Refuses a domain another site answers at (the table's key would refuse it too, less clearly). */
async function assertDomainsFree(trx: Db, siteId: number | null, domains: readonly string[]) {
  const taken = await trx
    .selectFrom('site_domains')
    .select('site_id')
    .where('domain', 'in', domains)
    .execute();
  if (taken.some((row) => row.site_id !== siteId)) throw new AppError('domain_taken', 'conflict');
}

/** Replaces a site's stored settings (already checked by storedSiteSettingsSchema). */
export async function changeSiteSettings(
  db: Db,
  staffId: number,
  siteId: number,
  settings: StoredSiteSettings,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await settingsRow(trx, siteId);
    // Compared as parsed (defaults filled in), so a default written out is no change.
    const before = storedSiteSettingsSchema.parse(JSON.parse(row.settings_json));
    const change = changedKeys(before, settings);
    if (Object.keys(change.after).length === 0) return;
    await trx
      .updateTable('sites')
      .set({ settings_json: JSON.stringify(settings) })
      .where('id', '=', siteId)
      .execute();
    await recordAudit(trx, {
      staffId,
      action: 'site.settings',
      siteId,
      subject: `site ${siteId} (${row.domain})`,
      ...change,
    });
  });
}

/** Sets the site's domains and its main one (also the `domain` its links and mails use). */
export async function changeSiteDomains(
  db: Db,
  staffId: number,
  siteId: number,
  domain: string,
  domains: readonly string[],
): Promise<void> {
  const wanted = [...new Set(domains)];
  await db.transaction().execute(async (trx) => {
    const row = await settingsRow(trx, siteId);
    await assertDomainsFree(trx, siteId, wanted);
    const current = await trx
      .selectFrom('site_domains')
      .select('domain')
      .where('site_id', '=', siteId)
      .orderBy('domain')
      .execute();
    const before = { domain: row.domain, domains: current.map((entry) => entry.domain) };
    const gone = before.domains.filter((name) => !wanted.includes(name));
    const added = wanted.filter((name) => !before.domains.includes(name));
    if (gone.length > 0)
      await trx
        .deleteFrom('site_domains')
        .where('site_id', '=', siteId)
        .where('domain', 'in', gone)
        .execute();
    if (added.length > 0)
      await trx
        .insertInto('site_domains')
        .values(added.map((name) => ({ domain: name, site_id: siteId })))
        .execute();
    if (domain !== row.domain)
      await trx.updateTable('sites').set({ domain }).where('id', '=', siteId).execute();
    await recordAudit(trx, {
      staffId,
      action: 'site.domains',
      siteId,
      subject: `site ${siteId} (${row.domain})`,
      before,
      after: { domain, domains: [...wanted].sort() },
    });
  });
}

/** The company of a site; the caller has checked every site it runs is in the staff's scope. */
export async function changeCompany(
  db: Db,
  staffId: number,
  siteId: number,
  companyId: number,
  edit: CompanyEdit,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'not_found');
    const next = {
      name: edit.name,
      address: edit.address,
      kvk: edit.kvk,
      city: edit.city,
      country: edit.country,
      tradenames_json: JSON.stringify(edit.tradenames),
      vat_numbers_json: JSON.stringify(edit.vat_numbers),
      support_phone: edit.support_phone,
      delete_discount: edit.delete_discount,
    };
    const { id: _id, added: _added, ...before } = row;
    const change = changedKeys(before, next);
    if (Object.keys(change.after).length === 0) return;
    await trx.updateTable('companies').set(next).where('id', '=', companyId).execute();
    await recordAudit(trx, {
      staffId,
      action: 'company.change',
      siteId,
      subject: `company ${companyId} (${row.name})`,
      ...change,
    });
  });
}

export interface NewSite {
  domain: string;
  companyId: number;
  settings: StoredSiteSettings;
}

/** A new site and its one domain; its settings start as a copy the owner then edits. */
export async function createSite(db: Db, staffId: number, site: NewSite): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await assertDomainsFree(trx, null, [site.domain]);
    const taken = await trx
      .selectFrom('sites')
      .select('id')
      .where('domain', '=', site.domain)
      .executeTakeFirst();
    if (taken) throw new AppError('domain_taken', 'conflict');
    const { id } = await trx
      .insertInto('sites')
      .values({
        domain: site.domain,
        company_id: site.companyId,
        settings_json: JSON.stringify(site.settings),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('site_domains').values({ domain: site.domain, site_id: id }).execute();
    await recordAudit(trx, {
      staffId,
      action: 'site.create',
      siteId: id,
      subject: `site ${id} (${site.domain})`,
      after: { domain: site.domain, company_id: site.companyId, name: site.settings.name },
    });
    return id;
  });
}
