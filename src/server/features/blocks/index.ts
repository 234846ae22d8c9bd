import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { blockRoutes } from './block-routes';

// The blocks feature: who blocked whom (spec §1, §6), and the one query fragment every list
// and lookup of members uses to honour it.
export { isBlockedEitherWay } from './block-queries';
export { withoutBlocked } from './without-blocked';

export async function blocksFeature(app: FastifyInstance, services: Services) {
  blockRoutes(app, services);
}
