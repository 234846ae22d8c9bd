import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { settingsRoutes } from './settings-routes';

// The settings feature: a site's settings, company info, interests and regions (spec §3, §7).
export { requestLocale } from './request-locale';
export { requestCountry } from './visitor-country';
export { firstPaintSettings } from './first-paint-settings';
export { findCompany } from './company-queries';
export { tellPushPublicKey } from './push-public-key';

export async function settingsFeature(app: FastifyInstance, services: Services) {
  settingsRoutes(app, services);
}
