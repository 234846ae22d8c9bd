import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { landerRoutes } from './lander-routes';
import { memberLandingRoutes } from './member-landing-routes';

// The landers feature: where visitors arrive from advertising (spec §2, issue 25): the
// landers (item 1) and the member landing pages (item 2).
export { memberLandingPageChecks } from './member-landing-routes';

export async function landersFeature(app: FastifyInstance, services: Services) {
  landerRoutes(app, services);
  memberLandingRoutes(app, services);
}
