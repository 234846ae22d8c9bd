import type { FastifyInstance } from 'fastify';
import { pageBouncesApi } from '@contract/endpoints/geo';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { bouncedRouteOf } from './bounced-page';
import { countPageBounce } from './page-bounce-queries';
import { isSameOriginRequest } from './same-origin';

// A tab hides a page a few times a minute at most; more from one address is noise.
const BEACONS_PER_TEN_MINUTES = 30;

/**
 * spec §7 POST /api/page-hidden.php, the §4 `lb` beacon. Its body is whatever the browser
 * sent: read as text by this feature's own parser, so a junk body is ignored (counted:false),
 * never a 400 or a 500.
 */
export function pageHiddenRoutes(app: FastifyInstance, { db, rateLimiter }: Services) {
  // Scoped to this feature's plugin: only this route reads bodies this way.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) =>
    done(null, body),
  );

  registerEndpoint(app, pageBouncesApi.pageHidden, async ({ request, body }) => {
    if (!isSameOriginRequest(request)) throw new AppError('csrf_failed', 'forbidden');
    const route = bouncedRouteOf(body, request.headers.referer, request.host);
    if (!route) return { counted: false };
    if (!(await rateLimiter.hit(`page-hidden-ip:${request.ip}`, BEACONS_PER_TEN_MINUTES, 600))) {
      return { counted: false };
    }
    const day = new Date().toISOString().slice(0, 10);
    await countPageBounce(db, { siteId: request.site.id, route, day });
    return { counted: true };
  });
}
