import type { FastifyInstance } from 'fastify';
import { visitsApi } from '@contract/endpoints/visits';
import { entryLanderOf } from '@contract/visits';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { countVisit } from './visits-table';

// A person starts a few tab sessions in ten minutes; more from one address (a script, a
// crawler) is not counted. Shared addresses (offices, mobile carriers) stay well below it.
export const VISITS_PER_TEN_MINUTES = 30;

// Crawlers that run the app's script announce themselves; they are no visitors.
const CRAWLER = /bot|crawl|spider|slurp|preview/i;

/**
 * Issue 30 item 9: POST /api/visit.php, the start of a visitor's session in a tab (the web app
 * sends it once per tab session, src/web/app/visit-start.ts). Counted per site, UTC day,
 * traffic source and lander; nothing about the visitor is stored. A member's session is no
 * visit (the figures set visits against signups), nor is a crawler or a busy address.
 */
export function visitRoutes(app: FastifyInstance, { db, rateLimiter }: Services) {
  registerEndpoint(app, visitsApi.visit, async ({ request, member, body }) => {
    if (member || CRAWLER.test(request.headers['user-agent'] ?? '')) return { counted: false };
    if (!(await rateLimiter.hit(`visit-ip:${request.ip}`, VISITS_PER_TEN_MINUTES, 600)))
      return { counted: false };
    await countVisit(db, {
      siteId: request.site.id,
      day: new Date().toISOString().slice(0, 10),
      source: body.network ?? '',
      lander: entryLanderOf(body.path),
    });
    return { counted: true };
  });
}
