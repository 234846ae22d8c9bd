import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE, SIMILAR_BELOW } from '@contract/discovery';
import { membersApi } from '@contract/endpoints/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { presentDiscoveryCard } from './discovery-card';
import { encodeSearchCursor, searchCursorOf } from './search-cursor';
import { searchFiltersOf } from './search-filters';
import { type SearchContext, countSearch, listSearchPage, listSimilar } from './search-queries';
import { assertViewerMaySeeMembers } from './visitor-search-policy';

/**
 * GET /api/search.php (spec §2 members, §3 search state): pages of PAGE_SIZE by keyset
 * cursor, newest activity first; numResults counted up to SEARCH_COUNT_CAP; similar results
 * on a first page that finds few. At most 4 SQL statements per request, the site and session
 * lookups included: the page, then its count or its similar results
 * (docs/discovery-performance.md).
 */
export function searchRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, membersApi.search, async ({ request, reply, query, member }) => {
    const { settings } = request.site;
    // spec §6: visitors search only where the site allows it (the web shows the signup modal).
    assertViewerMaySeeMembers(member, settings, query);
    const cursor = query.cursor ? searchCursorOf(query.cursor) : null;
    const context: SearchContext = {
      siteId: request.site.id,
      viewerId: member?.id ?? null,
      filters: searchFiltersOf(settings, query),
    };
    const pageNumber = cursor?.pageNumber ?? 1;
    // Per viewer (blocks, likes): never in a shared cache.
    reply.header('cache-control', 'private, no-store');

    const rows = await listSearchPage(db, context, cursor?.after ?? null);
    const page = rows.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    const hasNext = rows.length > PAGE_SIZE && last?.last_active_at;

    const { numResults, capped } =
      pageNumber === 1 && !hasNext
        ? { numResults: page.length, capped: false }
        : await countSearch(db, context);
    const similar =
      pageNumber === 1 && numResults < SIMILAR_BELOW
        ? await listSimilar(
            db,
            context,
            page.map((row) => row.id),
          )
        : [];

    const cdn = settings.cdn_prefix;
    return {
      results: page.map((row) => presentDiscoveryCard(row, cdn)),
      numResults,
      numResultsCapped: capped,
      pageNumber,
      next_cursor:
        hasNext && last?.last_active_at
          ? encodeSearchCursor({
              after: { lastActiveAt: last.last_active_at, id: last.id },
              pageNumber: pageNumber + 1,
            })
          : null,
      similar: similar.map((row) => presentDiscoveryCard(row, cdn)),
    };
  });
}
