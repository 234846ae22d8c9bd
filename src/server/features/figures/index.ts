import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { figuresRoutes } from './figures-routes';

// The figures feature (issue 30 item 9): a site's dashboard, read only, from the rows each
// feature records (signups, activation links, payments, messages, page bounces).
export async function figuresFeature(app: FastifyInstance, services: Services) {
  figuresRoutes(app, services);
}
