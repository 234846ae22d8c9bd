import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { swipeGameRoutes } from './swipe-routes';

// The swipe game (spec §2 swipe-game, §9): one card at a time, 4 likes a day.
export async function swipeGameFeature(app: FastifyInstance, services: Services) {
  swipeGameRoutes(app, services);
}
