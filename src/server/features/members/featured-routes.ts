import type { FastifyInstance } from 'fastify';
import { membersApi } from '@contract/endpoints/members';
import { listBlockedEitherWay } from '@server/features/blocks';
import type { Site } from '@server/features/sites';
import { type KeptAnswer, keepAnswer, sendKeptAnswer } from '@server/http/kept-answer';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listFeaturedMembers } from './featured-queries';
import { type ProfileCardRow, presentProfileCard } from './profile-card';
import { keptPerSite, viewersPart } from './site-lists';
import { visitorMaySearch } from './visitor-search-policy';

const FEATURED_COUNT = 12;
/**
 * Members read beyond the strip, so that leaving out a member's own card and their blocks
 * rarely empties it; when it does, their strip is asked of the database.
 */
const STRIP_SPARE = 36;

/**
 * GET /api/featured.php: a strip of members. spec §6: logged-out visitors see members only
 * when logged_out_search allows it, or its traffic-source variant applies.
 *
 * The strip is the same for every visitor of a site, so it is kept per site: until the site
 * record is renewed (at most 30 s; shared caches may keep the answer 60 s) or a member's
 * card changes (announceCardsChanged), on any instance. A member's strip is the same list
 * without themselves and without anyone blocked either way (spec §1), their blocks read
 * fresh (kept reads drop at every block).
 */
export async function featuredRoutes(app: FastifyInstance, { db, pubSub }: Services) {
  const readLimit = FEATURED_COUNT + STRIP_SPARE;
  const keptRows = await keptPerSite<ProfileCardRow[]>(pubSub);
  const keptAnswers = await keptPerSite<KeptAnswer>(pubSub);
  const siteRows = (site: Site) =>
    keptRows(site, 'featured', () => listFeaturedMembers(db, site.id, readLimit));
  const visitorAnswer = (site: Site) =>
    keptAnswers(site, 'featured', async () =>
      keepAnswer(membersApi.featured, {
        profiles: (await siteRows(site))
          .slice(0, FEATURED_COUNT)
          .map((row) => presentProfileCard(row, site.settings.cdn_prefix)),
      }),
    );

  async function memberStrip(site: Site, memberId: number): Promise<ProfileCardRow[]> {
    const [candidates, blocked] = await Promise.all([
      siteRows(site),
      listBlockedEitherWay(db, memberId),
    ]);
    const hidden = new Set(blocked).add(memberId);
    return (
      viewersPart(candidates, readLimit, FEATURED_COUNT, hidden) ??
      listFeaturedMembers(db, site.id, FEATURED_COUNT, memberId)
    );
  }

  registerEndpoint(app, membersApi.featured, async ({ request, reply, query, member }) => {
    const { settings } = request.site;
    if (!member && !visitorMaySearch(settings, query)) return { profiles: [] };
    if (!member) {
      reply.header('cache-control', 'public, max-age=60');
      return sendKeptAnswer(request, reply, await visitorAnswer(request.site));
    }
    const rows = await memberStrip(request.site, member.id);
    // A member's strip leaves out their blocks: it is theirs alone to cache.
    reply.header('cache-control', 'private, no-store');
    return { profiles: rows.map((row) => presentProfileCard(row, settings.cdn_prefix)) };
  });
}
