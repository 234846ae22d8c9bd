import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { geocodeRoutes } from './geocode-routes';
import { loadPlaces } from './reverse-geocode';

// The geo feature: countries and regions from offline data (DESIGN.md §7).
export { isCountryCode, isRegionOf, regionName, regionsOf, regionsOfCountries } from './regions';

export async function geoFeature(app: FastifyInstance, services: Services) {
  geocodeRoutes(app, services);
  // The geocoder's places are loaded as the server starts listening, not on a member's request
  // (a test app that is never listened on loads them at its first geocode).
  app.addHook('onListen', async () => loadPlaces());
}
