import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { geocodeRoutes } from './geocode-routes';

// The geo feature: countries and regions from offline data (DESIGN.md §7).
export { isRegionOf, regionName, regionsOf, regionsOfCountries } from './regions';

export async function geoFeature(app: FastifyInstance, services: Services) {
  geocodeRoutes(app, services);
}
