import { FEATURED_COUNT, HERO_FACES_COUNT } from '@contract/featured';
import type { FastifyInstance } from 'fastify';
import { membersApi } from '@contract/endpoints/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listFeaturedMembers } from './featured-queries';
import { viewerPlace, visitorVary } from './viewer-place';
import { presentProfileCard } from './profile-card';
import { visitorMaySearch } from './visitor-search-policy';

/**
 * GET /api/featured.php: a strip of members and the faces above it. spec §6: logged-out visitors see members only
 * when logged_out_search allows it, or its traffic-source variant applies. A member's strip
 * leaves out themselves and anyone blocked either way (spec §1). Read from the database on
 * every call; the visitors' strip may be kept by shared caches for 60 s, per cookie.
 */
export function featuredRoutes(app: FastifyInstance, { db, config }: Services) {
  registerEndpoint(app, membersApi.featured, async ({ request, reply, query, member }) => {
    const { site } = request;
    if (!member && !visitorMaySearch(site.settings, query)) return { profiles: [] };
    reply.header('cache-control', member ? 'private, no-store' : 'public, max-age=60');
    // A browser that kept the visitors' strip must not show it to the member it logs in as
    // (issue 23 item 12): their strip leaves out blocks.
    // The visitors' strip depends on their country (issue 29 item 14): the country cookie,
    // or the CDN's country header.
    if (!member) reply.header('vary', visitorVary(config.GEOIP_COUNTRY_HEADER));
    // The strip's members, then the hero's faces (issue 32 item 7), nearest first.
    const rows = await listFeaturedMembers(db, site.id, FEATURED_COUNT + HERO_FACES_COUNT, {
      viewerId: member?.id,
      place: viewerPlace(request, member, config.GEOIP_COUNTRY_HEADER),
    });
    return { profiles: rows.map((row) => presentProfileCard(row, site.settings.cdn_prefix)) };
  });
}
