import type { FastifyInstance } from 'fastify';
import { membersApi } from '@contract/endpoints/members';
import type { Site } from '@server/features/sites';
import { type KeptAnswer, keepAnswer, sendKeptAnswer } from '@server/http/kept-answer';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { onCardsChanged } from './card-changes';
import { listFeaturedMembers } from './featured-queries';
import { presentProfileCard } from './profile-card';
import { visitorMaySearch } from './visitor-search-policy';

const FEATURED_COUNT = 12;

/**
 * GET /api/featured.php: a strip of members. spec §6: logged-out visitors see members only
 * when logged_out_search allows it, or its traffic-source variant applies.
 *
 * The visitors' strip is the same for every visitor of a site, so it is kept per site: until
 * the site record is renewed (at most 30 s; shared caches may keep the answer 60 s) or a
 * member's card changes (announceCardsChanged), on any instance.
 */
export async function featuredRoutes(app: FastifyInstance, { db, pubSub }: Services) {
  const visitorStrips = new Map<number, { site: Site; answer: Promise<KeptAnswer> }>();
  await onCardsChanged(pubSub, (siteId) => visitorStrips.delete(siteId));

  function visitorStrip(site: Site): Promise<KeptAnswer> {
    const kept = visitorStrips.get(site.id);
    if (kept?.site === site) return kept.answer;
    const answer = listFeaturedMembers(db, site.id, FEATURED_COUNT).then((rows) =>
      keepAnswer(membersApi.featured, {
        profiles: rows.map((row) => presentProfileCard(row, site.settings.cdn_prefix)),
      }),
    );
    visitorStrips.set(site.id, { site, answer });
    // A failed read is not kept: the next visitor asks again.
    answer.catch(() => {
      if (visitorStrips.get(site.id)?.answer === answer) visitorStrips.delete(site.id);
    });
    return answer;
  }

  registerEndpoint(app, membersApi.featured, async ({ request, reply, query, member }) => {
    const { settings } = request.site;
    if (!member && !visitorMaySearch(settings, query)) return { profiles: [] };
    if (!member) {
      reply.header('cache-control', 'public, max-age=60');
      return sendKeptAnswer(request, reply, await visitorStrip(request.site));
    }
    const rows = await listFeaturedMembers(db, request.site.id, FEATURED_COUNT, member.id);
    // A member's strip leaves out their blocks: it is theirs alone to cache.
    reply.header('cache-control', 'private, no-store');
    return { profiles: rows.map((row) => presentProfileCard(row, settings.cdn_prefix)) };
  });
}
