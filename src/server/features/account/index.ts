import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { completeSignupRoutes } from './complete-signup-routes';
import { credentialsRoutes } from './credentials-routes';

// The account feature: the member's own account once signed up (spec §2 settings,
// complete-signup, signup-matches).
export async function accountFeature(app: FastifyInstance, services: Services) {
  completeSignupRoutes(app, services);
  credentialsRoutes(app, services);
}
