import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { pageHiddenRoutes } from './page-hidden-routes';

// Page bounce logging (spec §4 `lb`, §7 page-hidden.php): counts per site, page and day.
export async function pageBouncesFeature(app: FastifyInstance, services: Services) {
  pageHiddenRoutes(app, services);
}
