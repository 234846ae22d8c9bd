import type { FastifyInstance } from 'fastify';
import { geoApi } from '@contract/endpoints/geo';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { reverseGeocode } from './reverse-geocode';

// Signup asks once per visitor; a page that asks more than this per hour is a scraper.
const GEOCODES_PER_HOUR = 60;

export function geocodeRoutes(app: FastifyInstance, { rateLimiter }: Services) {
  registerEndpoint(app, geoApi.geocode, async ({ request, reply, query }) => {
    if (!(await rateLimiter.hit(`geocode-ip:${request.ip}`, GEOCODES_PER_HOUR, 3600))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
    // Where a member is is theirs: no shared cache keeps it.
    reply.header('cache-control', 'private, no-store');
    return { geocode: reverseGeocode(query.lat, query.lon) };
  });
}
