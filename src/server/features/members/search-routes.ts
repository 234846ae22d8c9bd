import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE, SIMILAR_BELOW, type SearchAnswer } from '@contract/discovery';
import { membersApi } from '@contract/endpoints/members';
import { AppError } from '@server/errors/app-error';
import {
  type KeptAnswer,
  keepAnswer,
  sendCheckedJson,
  sendKeptAnswer,
} from '@server/http/kept-answer';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { presentDiscoveryCard } from './discovery-card';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import { searchFiltersOf } from './search-filters';
import {
  NO_RELATIONS,
  type SharedSearchPage,
  keptSharedSearchPage,
  keptViewerRelations,
  untouchedBy,
  viewerSearchAnswer,
  viewerSearchAnswerJson,
} from './search-shared-page';
import { type SearchContext, countSearch, listSearchPage, listSimilar } from './search-queries';
import { visitorMaySearch } from './visitor-search-policy';

/**
 * GET /api/search.php (spec §2 members, §3 search state): pages of PAGE_SIZE by keyset
 * cursor, newest activity first; numResults counted up to SEARCH_COUNT_CAP; similar results
 * on a first page that finds few. A page is read once for the site and kept a few seconds
 * (search-shared-page.ts); each viewer gets it less the members hidden from them, with their
 * own likes. At most 3 SQL statements per request, the session lookup included (the site's
 * page and the viewer's part, each usually kept); a viewer who hides more of a page than it
 * holds to spare gets their own page from the database, 2 more (docs/discovery-performance.md).
 */
export function searchRoutes(app: FastifyInstance, { db }: Services) {
  // A kept page's answer as the site sees it, serialized and compressed once.
  const keptAnswers = new WeakMap<SharedSearchPage, Promise<KeptAnswer>>();
  const keptAnswerOf = (page: SharedSearchPage, answer: SearchAnswer) => {
    let kept = keptAnswers.get(page);
    if (!kept) {
      keptAnswers.set(page, (kept = keepAnswer(membersApi.search, answer, 'fast')));
      kept.catch(() => keptAnswers.delete(page));
    }
    return kept;
  };

  // A kept page as the site sees it (a visitor, a member it leaves untouched).
  const siteAnswers = new WeakMap<SharedSearchPage, SearchAnswer | undefined>();
  const siteAnswerOf = (page: SharedSearchPage) => {
    if (!siteAnswers.has(page)) siteAnswers.set(page, viewerSearchAnswer(page, NO_RELATIONS, null));
    return siteAnswers.get(page);
  };

  registerEndpoint(app, membersApi.search, async ({ request, reply, query, member }) => {
    const { settings } = request.site;
    // spec §6: visitors search only where the site allows it (the web shows the signup modal).
    if (!member && !visitorMaySearch(settings, query)) {
      throw new AppError('authentication_required', 'forbidden');
    }
    const cursor = query.cursor ? decodeSearchCursor(query.cursor) : null;
    const context: SearchContext = {
      siteId: request.site.id,
      viewerId: member?.id ?? null,
      filters: searchFiltersOf(settings, query),
    };
    const pageNumber = cursor?.pageNumber ?? 1;
    // Per viewer (blocks, likes): never in a shared cache.
    reply.header('cache-control', 'private, no-store');

    // Most searches are a page many members ask for: kept for the site, less this viewer's part.
    const after = cursor?.after ?? null;
    const shared = await keptSharedSearchPage(db, context, settings.cdn_prefix, after, pageNumber);
    const siteAnswer = siteAnswerOf(shared);
    const relations = member
      ? await keptViewerRelations(db, { ...context, viewerId: member.id }, shared)
      : NO_RELATIONS;
    if (siteAnswer && (!member || untouchedBy(shared, relations, member.id))) {
      // Kept values are frozen: a page that was not kept (a write to one of its members is
      // under way) is answered like a member's own, its text compressed for this one call.
      if (!Object.isFrozen(shared)) {
        return sendCheckedJson(request, reply, viewerSearchAnswerJson(shared, NO_RELATIONS, null)!);
      }
      return sendKeptAnswer(request, reply, await keptAnswerOf(shared, siteAnswer));
    }
    const answer = member && viewerSearchAnswerJson(shared, relations, member.id);
    if (answer) return sendCheckedJson(request, reply, answer);

    // This viewer hides too many of the kept page's members: their own page, from the database.
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
