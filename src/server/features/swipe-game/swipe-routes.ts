import type { FastifyInstance, FastifyRequest } from 'fastify';
import { swipeGameApi } from '@contract/endpoints/swipe-game';
import type { Member } from '@server/db/member-record';
import { publishNotices } from '@server/features/likes';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { swipeTimeZone } from './swipe-day';
import { type SwipeContext, swipeGameState, swipeLike, swipePass } from './swipe-service';

const swipeContext = (request: FastifyRequest, member: Member): SwipeContext => ({
  siteId: request.site.id,
  cdnPrefix: request.site.settings.cdn_prefix,
  viewer: member,
  timeZone: swipeTimeZone(member, request.site),
});

/**
 * spec §2 swipe-game: one card at a time, like or pass, 4 likes a day (§9), the day ending
 * at the member's midnight.
 */
export function swipeGameRoutes(app: FastifyInstance, { db, events, domainEvents }: Services) {
  registerEndpoint(app, swipeGameApi.next, async ({ request, reply, member }) => {
    reply.header('cache-control', 'private, no-store');
    return swipeGameState(db, swipeContext(request, member));
  });

  registerEndpoint(app, swipeGameApi.swipe, async ({ request, reply, member, body }) => {
    const context = swipeContext(request, member);
    if (body.decision === 'like') {
      const { stored } = await swipeLike(db, events, context, body.profile);
      await publishNotices(events, stored, domainEvents);
    } else {
      await swipePass(db, context, body.profile);
    }
    reply.header('cache-control', 'private, no-store');
    return swipeGameState(db, context);
  });
}
