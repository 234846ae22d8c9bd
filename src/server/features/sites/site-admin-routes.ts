import type { FastifyInstance } from 'fastify';
import { sitesApi } from '@contract/endpoints/sites';
import type { SiteSummary } from '@contract/site-admin';
import type { Db } from '@server/db/database';
import { replaceInterests } from '@server/db/interests-table';
import { type Staff, worksOnSite } from '@server/db/staff-record';
import {
  changeCompany,
  changeSiteDomains,
  changeSiteSettings,
  createSite,
} from '@server/db/sites-table';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { findCompanyForEdit, listAdminInterests, listSiteSummaries } from './site-admin-queries';
import { findSiteById } from './site-queries';

/** The named site, if the staff member works on it: another site's admin gets 403. */
async function siteInScope(db: Db, staff: Staff, siteId: number) {
  if (!worksOnSite(staff, siteId)) throw new AppError('forbidden', 'forbidden');
  const site = await findSiteById(db, siteId);
  if (!site) throw new AppError('not_found', 'not_found');
  return site;
}

/**
 * Issue 30 item 6: the console's sites. Every write goes through the tables' owner
 * (db/sites-table.ts, db/interests-table.ts) with its audit row in the same transaction.
 * Answers are never kept: each is read from the rows as they are now.
 */
export function siteAdminRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, sitesApi.list, async ({ reply, staff }) => {
    reply.header('cache-control', 'no-store');
    const sites = await listSiteSummaries(db);
    return { sites: sites.filter((site) => worksOnSite(staff, site.id)) };
  });

  registerEndpoint(app, sitesApi.detail, async ({ reply, staff, query }) => {
    const site = await siteInScope(db, staff, query.site);
    const [summary] = (await listSiteSummaries(db, site.id)) as [SiteSummary];
    const { company, sites } = await findCompanyForEdit(db, site.companyId);
    reply.header('cache-control', 'no-store');
    return {
      site: { ...summary, settings: site.settings },
      company,
      company_sites: sites.length,
    };
  });

  registerEndpoint(app, sitesApi.changeSettings, async ({ staff, body }) => {
    await siteInScope(db, staff, body.site);
    await changeSiteSettings(db, staff.id, body.site, body.settings);
    return { ok: true as const };
  });

  registerEndpoint(app, sitesApi.changeDomains, async ({ staff, body }) => {
    await siteInScope(db, staff, body.site);
    await changeSiteDomains(db, staff.id, body.site, body.domain, body.domains);
    return { ok: true as const };
  });

  registerEndpoint(app, sitesApi.changeCompany, async ({ staff, body }) => {
    const site = await siteInScope(db, staff, body.site);
    // A company may run several sites: only someone who works on all of them may change it.
    const { sites } = await findCompanyForEdit(db, site.companyId);
    if (!sites.every((id) => worksOnSite(staff, id))) throw new AppError('forbidden', 'forbidden');
    await changeCompany(db, staff.id, site.id, site.companyId, body.company);
    return { ok: true as const };
  });

  registerEndpoint(app, sitesApi.create, async ({ staff, body }) => {
    const template = await siteInScope(db, staff, body.copy_from);
    const id = await createSite(db, staff.id, {
      domain: body.domain,
      companyId: template.companyId,
      settings: { ...template.settings, name: body.name },
    });
    const [site] = (await listSiteSummaries(db, id)) as [SiteSummary];
    return { site };
  });

  registerEndpoint(app, sitesApi.interests, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { interests: await listAdminInterests(db) };
  });

  registerEndpoint(app, sitesApi.changeInterests, async ({ staff, body }) => {
    await replaceInterests(db, staff.id, body.interests);
    return { interests: await listAdminInterests(db) };
  });
}
