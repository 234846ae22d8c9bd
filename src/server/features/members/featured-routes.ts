import type { FastifyInstance } from 'fastify';
import { membersApi } from '@contract/endpoints/members';
import { listBlockedEitherWay } from '@server/features/blocks';
import type { Site } from '@server/features/sites';
import type { ProfileCard } from '@contract/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listFeaturedMembers } from './featured-queries';
import { presentProfileCard } from './profile-card';
import { keptPerSite, presentCards, viewersCards } from './site-lists';
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
  const keptCards = await keptPerSite<ProfileCard[]>(pubSub);
  const siteCards = (site: Site) =>
    keptCards(site, 'featured', async () =>
      presentCards(await listFeaturedMembers(db, site.id, readLimit), site.settings.cdn_prefix),
    );

  registerEndpoint(app, membersApi.featured, async ({ request, reply, query, member }) => {
    const { site } = request;
    if (!member && !visitorMaySearch(site.settings, query)) return { profiles: [] };
    if (!member) {
      reply.header('cache-control', 'public, max-age=60');
      return { profiles: (await siteCards(site)).slice(0, FEATURED_COUNT) };
    }
    // A member's strip leaves out their blocks: it is theirs alone to cache.
    reply.header('cache-control', 'private, no-store');
    const [cards, blocked] = await Promise.all([
      siteCards(site),
      listBlockedEitherWay(db, member.id),
    ]);
    const profiles = viewersCards(
      cards,
      readLimit,
      FEATURED_COUNT,
      new Set(blocked).add(member.id),
    );
    if (profiles) return { profiles };
    const rows = await listFeaturedMembers(db, site.id, FEATURED_COUNT, member.id);
    return { profiles: rows.map((row) => presentProfileCard(row, site.settings.cdn_prefix)) };
  });
}
