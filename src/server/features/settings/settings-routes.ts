import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyInfoAnswerSchema,
  interestsAnswerSchema,
  regionsAnswerSchema,
  settingsAnswerSchema,
  settingsQuerySchema,
} from '@contract/settings';
import type { Db } from '@server/db/database';
import { regionsOfCountries } from '@server/features/geo/regions';
import { findSiteByHost } from '@server/features/sites/site-queries';
import { hostNameOf } from '@server/features/sites/site-resolver';
import { AppError } from '@server/errors/app-error';
import { findCompany, listInterests } from './company-queries';
import { presentSettings } from './settings-presenter';
import { requestLocale } from './request-locale';

export interface SettingsRoutesOptions {
  db: Db;
  geoipCountryHeader: string | undefined;
  pushPublicKey: string | null;
}

// Answers that rarely change: the client caches them after the first load (spec §7), and
// shared caches may keep them briefly.
const CACHEABLE = 'public, max-age=300';

export async function settingsRoutes(app: FastifyInstance, options: SettingsRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/settings.php',
    { schema: { querystring: settingsQuerySchema, response: { 200: settingsAnswerSchema } } },
    async (request, reply) => {
      // The spec's forced-domain parameter: answer for the named site instead of the host's.
      const forced = hostNameOf(request.query.domain);
      const site = forced ? await findSiteByHost(options.db, forced) : request.site;
      if (!site) throw new AppError('site_not_found', 'not_found');
      const header = options.geoipCountryHeader
        ? request.headers[options.geoipCountryHeader]
        : undefined;
      const settings = presentSettings(site, {
        locale: request.query.locale ?? requestLocale(request),
        geoipCountry: typeof header === 'string' ? header.toUpperCase() : null,
        pushPublicKey: options.pushPublicKey,
      });
      reply.header('cache-control', 'private, max-age=60').header('vary', 'cookie');
      return { settings };
    },
  );

  routes.get(
    '/api/companyinfo.php',
    { schema: { response: { 200: companyInfoAnswerSchema } } },
    async (request, reply) => {
      const company = await findCompany(options.db, request.site.companyId);
      if (!company) throw new AppError('not_found', 'not_found');
      reply.header('cache-control', CACHEABLE);
      return { company };
    },
  );

  routes.get(
    '/api/interests.php',
    { schema: { response: { 200: interestsAnswerSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return { interests: await listInterests(options.db) };
    },
  );

  routes.get(
    '/api/regions.php',
    { schema: { response: { 200: regionsAnswerSchema } } },
    async (request, reply) => {
      const regions = regionsOfCountries(request.site.settings.countries);
      reply.header('cache-control', CACHEABLE);
      return { regions };
    },
  );
}
