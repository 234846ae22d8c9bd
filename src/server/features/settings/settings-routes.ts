import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@contract/endpoints/settings';
import { regionsOfCountries } from '@server/features/geo';
import { findSiteByHost } from '@server/features/sites';
import { hostNameOf } from '@server/features/sites';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { findCompany, listInterests } from './company-queries';
import { presentSettings } from './settings-presenter';
import { requestLocale } from './request-locale';

// Answers that rarely change: the client caches them after the first load (spec §7), and
// shared caches may keep them briefly.
const CACHEABLE = 'public, max-age=300';

export function settingsRoutes(app: FastifyInstance, { db, config }: Services) {
  registerEndpoint(app, settingsApi.settings, async ({ request, reply, query }) => {
    // The spec's forced-domain parameter: answer for the named site instead of the host's.
    const forced = hostNameOf(query.domain);
    const site = forced ? await findSiteByHost(db, forced) : request.site;
    if (!site) throw new AppError('site_not_found', 'not_found');
    const header = config.GEOIP_COUNTRY_HEADER
      ? request.headers[config.GEOIP_COUNTRY_HEADER]
      : undefined;
    const settings = presentSettings(site, {
      locale: query.locale ?? requestLocale(request),
      geoipCountry: typeof header === 'string' ? header.toUpperCase() : null,
      // Web push keys arrive with the notifications feature (WHERE-THINGS-GO.md).
      pushPublicKey: null,
    });
    reply.header('cache-control', 'private, max-age=60').header('vary', 'cookie');
    return { settings };
  });

  registerEndpoint(app, settingsApi.companyInfo, async ({ request, reply }) => {
    const company = await findCompany(db, request.site.companyId);
    if (!company) throw new AppError('not_found', 'not_found');
    reply.header('cache-control', CACHEABLE);
    return { company };
  });

  registerEndpoint(app, settingsApi.interests, async ({ reply }) => {
    reply.header('cache-control', CACHEABLE);
    return { interests: await listInterests(db) };
  });

  registerEndpoint(app, settingsApi.regions, async ({ request, reply }) => {
    reply.header('cache-control', CACHEABLE);
    return { regions: regionsOfCountries(request.site.settings.countries) };
  });
}
