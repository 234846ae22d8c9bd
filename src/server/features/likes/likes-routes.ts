import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_SIZE } from '@contract/discovery';
import { likesApi } from '@contract/endpoints/likes';
import type { Member } from '@server/db/member-record';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { giveAutoLike } from './auto-like';
import { likeWithNotices } from './like-events';
import { type LikeContext, likeMember, unlikeMember } from './like-service';
import { encodeLikesCursor } from './likes-cursor';
import { markLikeSeen } from './likes-queries';
import { readLikesSummary } from './likes-summary';
import { readLikeEntries } from './like-entries';

/** Likes, matches and auto-likes (spec §2 likes, likes-type, likes-m-id; §3; §4; §7). */
export function likesRoutes(app: FastifyInstance, { db, events, domainEvents }: Services) {
  const contextOf = (request: FastifyRequest, viewer: Member): LikeContext => ({
    siteId: request.site.id,
    cdnPrefix: request.site.settings.cdn_prefix,
    viewer,
  });

  registerEndpoint(app, likesApi.like, async ({ request, member, body }) => {
    // The like and its like.new / match.new events commit together (issue 9 §4).
    return likeWithNotices(
      db,
      events,
      (trx) => likeMember(trx, contextOf(request, member), body.profile, 'member'),
      domainEvents,
    );
  });

  registerEndpoint(app, likesApi.unlike, async ({ member, body }) =>
    unlikeMember(db, member.id, body.profile),
  );

  registerEndpoint(app, likesApi.likes, async ({ request, reply, member }) => {
    const summary = await readLikesSummary(db, contextOf(request, member));
    reply.header('cache-control', 'private, no-store');
    return summary;
  });

  registerEndpoint(app, likesApi.page, async ({ request, reply, member, query }) => {
    const entries = await readLikeEntries(
      db,
      contextOf(request, member),
      query.type,
      PAGE_SIZE + 1,
      query.cursor,
    );
    const page = entries.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    reply.header('cache-control', 'private, no-store');
    return {
      results: page.map(({ entry }) => entry),
      next_cursor:
        entries.length > PAGE_SIZE && last
          ? encodeLikesCursor({ createdAt: last.row.created_at, id: last.row.id })
          : null,
    };
  });

  registerEndpoint(app, likesApi.seen, async ({ member, body }) => {
    await markLikeSeen(db, body.profile, member.id);
    return { ok: true as const };
  });

  registerEndpoint(app, likesApi.autoLike, async ({ request, reply, member }) => {
    const profile = await giveAutoLike(db, {
      ...contextOf(request, member),
      settings: request.site.settings.auto_like,
    });
    reply.header('cache-control', 'private, no-store');
    return { profile: profile && { ...profile, liked: false } };
  });
}
