import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { featuredRoutes } from './featured-routes';

// The members feature: lists of member cards, and who may see them (spec §6).
export { presentProfileCard, selectProfileCards } from './profile-card';
export { visitorMaySearch } from './visitor-search-policy';

export async function membersFeature(app: FastifyInstance, services: Services) {
  featuredRoutes(app, services);
}
