import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { photoRoutes } from './photo-routes';
import { profileRoutes } from './profile-routes';

// The profiles feature: the member's own profile and photos, and member pages as each
// viewer may see them (spec §2 profile, members-id; §6).
export async function profilesFeature(app: FastifyInstance, services: Services) {
  profileRoutes(app, services);
  photoRoutes(app, services);
}
