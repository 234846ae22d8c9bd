import type { FastifyInstance } from 'fastify';
import { membersApi } from '@contract/endpoints/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listFeaturedMembers } from './featured-queries';
import { presentProfileCard } from './profile-card';
import { visitorMaySearch } from './visitor-search-policy';

const FEATURED_COUNT = 12;

/**
 * GET /api/featured.php: a strip of members. spec §6: logged-out visitors see members only
 * when logged_out_search allows it, or its traffic-source variant applies.
 */
export function featuredRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, membersApi.featured, async ({ request, reply, query, member }) => {
    const { settings } = request.site;
    if (!member && !visitorMaySearch(settings, query)) return { profiles: [] };
    const rows = await listFeaturedMembers(db, request.site.id, FEATURED_COUNT, member?.id);
    // A member's strip leaves out their blocks: it is theirs alone to cache.
    reply.header('cache-control', member ? 'private, no-store' : 'public, max-age=60');
    return { profiles: rows.map((row) => presentProfileCard(row, settings.cdn_prefix)) };
  });
}
