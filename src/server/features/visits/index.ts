import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { visitRoutes } from './visit-routes';

// Visits (issue 30 item 9): daily counters per site, traffic source and lander, read by the
// figures feature. Counts only: no address, session or member is stored.
export async function visitsFeature(app: FastifyInstance, services: Services) {
  visitRoutes(app, services);
}
