import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { memberLandingRoutes } from './member-landing-routes';

// The landers feature: where visitors arrive from advertising (spec §2, issue 25).
export { memberLandingPageChecks } from './member-landing-routes';

export async function landersFeature(app: FastifyInstance, services: Services) {
  memberLandingRoutes(app, services);
}
