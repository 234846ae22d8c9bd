import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { siteAdminRoutes } from './site-admin-routes';

// The sites feature: which site a request is for (by host), and what a site stores.
export { countSites, findSiteByHost, findSiteById } from './site-queries';
export { type Site, type SiteTexts, type StoredSiteSettings, siteTextsFor } from './site-record';
export { hostNameOf, siteResolver } from './site-resolver';

/** The console's routes for sites (issue 30 item 6); the resolver is registered on its own. */
export async function sitesFeature(app: FastifyInstance, services: Services) {
  siteAdminRoutes(app, services);
}
