import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featuredAnswerSchema } from '@contract/members';
import type { Db } from '@server/db/database';
import { listFeaturedMembers } from './featured-queries';
import { visitorMaySearch } from './visitor-search-policy';
import { presentProfileCard } from './profile-card';

const FEATURED_COUNT = 12;

const featuredQuerySchema = z
  .object({ network: z.string().max(64).optional(), ref: z.string().max(64).optional() })
  .loose();

/**
 * GET /api/featured.php: a strip of members for visitors. spec §6: logged-out visitors may
 * see members only when logged_out_search allows it, or its traffic-source variant applies.
 */
export async function featuredRoutes(app: FastifyInstance, options: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/featured.php',
      { schema: { querystring: featuredQuerySchema, response: { 200: featuredAnswerSchema } } },
      async (request, reply) => {
        const { settings } = request.site;
        const viewer = request.member;
        if (!viewer && !visitorMaySearch(settings, request.query)) return { profiles: [] };
        const rows = await listFeaturedMembers(
          options.db,
          request.site.id,
          FEATURED_COUNT,
          viewer?.id,
        );
        // A member's strip leaves out their blocks: it is theirs alone to cache.
        reply.header('cache-control', viewer ? 'private, no-store' : 'public, max-age=60');
        return {
          profiles: rows.map((row) => presentProfileCard(row, settings.cdn_prefix)),
        };
      },
    );
}
