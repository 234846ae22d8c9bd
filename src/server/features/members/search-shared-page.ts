import { PAGE_SIZE, SEARCH_COUNT_CAP, SIMILAR_BELOW, type SearchAnswer } from '@contract/discovery';
import type { DiscoveryCard } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { keptListRead, keptRead } from '@server/db/kept-reads';
import { presentDiscoveryCard } from './discovery-card';
import { type SearchPosition, encodeSearchCursor } from './search-cursor';
import { birthDateRange } from './search-filters';
import {
  SHARED_COUNT_LIMIT,
  SHARED_ROWS,
  SHARED_SIMILAR_ROWS,
  type SearchContext,
  type SharedSearchRow,
  type ViewerRelations,
  listSharedSearchPage,
  readViewerRelations,
} from './search-queries';

/**
 * A page of a search as it is for everyone on a site, kept (db/kept-reads.ts, kept lists) for
 * a few seconds and dropped at once by a write to any member on it: many members run the same
 * search (their own seeking and country), and a page shared by all of them is read once. A
 * viewer's page is this page less the members they may not see, with their own likes marked
 * (viewerSearchAnswer); nothing of one viewer is ever in it.
 */
export interface SharedSearchPage {
  /** Which load this is: a viewer's relations to the page are kept per load. */
  load: number;
  pageNumber: number;
  rows: readonly SharedCard[];
  /** Whether the read stopped at SHARED_ROWS (more rows may follow). */
  full: boolean;
  /** All matches, counted up to SHARED_COUNT_LIMIT; null when no row came to carry it. */
  found: number | null;
  /** First page only: similar results, nearest step first, the search's own rows left out. */
  similar: readonly SharedCard[];
  /** Whether a relaxation step stopped at its limit (more similar rows may follow). */
  similarFull: boolean;
}

interface SharedCard {
  card: DiscoveryCard;
  lastActiveAt: string | null;
}

let loads = 0;

const newestFirst = (a: SharedSearchRow, b: SharedSearchRow) => {
  const [x, y] = [a.last_active_at ?? '', b.last_active_at ?? ''];
  return x === y ? b.id - a.id : x < y ? 1 : -1;
};

export function keptSharedSearchPage(
  db: Db,
  context: Omit<SearchContext, 'viewerId'>,
  cdnPrefix: string,
  after: SearchPosition | null,
  pageNumber: number,
): Promise<SharedSearchPage> {
  const { filters } = context;
  // The birth-date range, not the ages: a page kept over midnight is not kept for new ages.
  const born = birthDateRange(filters.minAge, filters.maxAge, context.today ?? new Date());
  const key = [
    'search',
    context.siteId,
    cdnPrefix,
    filters.gender ?? '',
    filters.country ?? '',
    filters.region ?? '',
    born.bornOnOrBefore ?? '',
    born.bornAfter ?? '',
    after?.lastActiveAt ?? '',
    after?.id ?? '',
    pageNumber,
  ].join('\u0000');
  return keptListRead(
    db,
    key,
    async () => {
      const rows = await listSharedSearchPage(db, context, after, pageNumber);
      // Each branch was read in index order, but a UNION ALL promises no order of its own.
      const shared = (tier: number) =>
        rows
          .filter((row) => row.tier === tier)
          .sort(newestFirst)
          .map((row) => ({
            card: presentDiscoveryCard(row, cdnPrefix),
            lastActiveAt: row.last_active_at,
          }));
      const own = shared(0);
      const ownIds = new Set(own.map(({ card }) => card.id));
      const steps = [...new Set(rows.map((row) => row.tier))]
        .filter((tier) => tier > 0)
        .sort((a, b) => a - b);
      const similar = steps.flatMap(shared).filter(({ card }) => !ownIds.has(card.id));
      const first = rows.find((row) => row.tier === 0);
      loads += 1;
      return {
        load: loads,
        pageNumber,
        rows: own,
        full: own.length >= SHARED_ROWS,
        found: first?.found === null || first === undefined ? null : Number(first.found),
        similar,
        similarFull: steps.some(
          (tier) => rows.filter((row) => row.tier === tier).length >= SHARED_SIMILAR_ROWS,
        ),
      } satisfies SharedSearchPage;
    },
    (page) => [...page.rows, ...page.similar].map(({ card }) => card.id),
  );
}

/** Whether a viewer's page needs the number of members hidden from them among all matches. */
function needsCount(page: SharedSearchPage): boolean {
  return page.pageNumber > 1 || page.rows.length > PAGE_SIZE;
}

/** A member's relations to a kept page: kept with it, dropped by any write to them. */
export function keptViewerRelations(
  db: Db,
  context: SearchContext & { viewerId: number },
  page: SharedSearchPage,
): Promise<ViewerRelations> {
  const ids = [...page.rows, ...page.similar].map(({ card }) => card.id);
  return keptRead(
    db,
    `search-viewer:${context.viewerId}:${page.load}`,
    () => readViewerRelations(db, context, ids, needsCount(page)),
    () => [context.viewerId],
  );
}

/** A visitor's relations to any page: nobody hidden, nobody liked. */
export const NO_RELATIONS: ViewerRelations = { liked: [], blocked: [], hiddenMatching: 0 };

/**
 * The viewer's answer from a kept page: its rows less the members hidden from them (blocked
 * either way, themselves), their likes marked, the count less the hidden members who match.
 * Undefined when the kept page cannot tell (the hidden members emptied it, or too many of them
 * match for the count's margin): the caller then asks the database for this viewer alone.
 */
export function viewerSearchAnswer(
  page: SharedSearchPage,
  relations: ViewerRelations,
  viewerId: number | null,
): SearchAnswer | undefined {
  const hidden = new Set(relations.blocked);
  if (viewerId !== null) hidden.add(viewerId);
  const liked = new Set(relations.liked);
  const visible = page.rows.filter(({ card }) => !hidden.has(card.id));
  if (page.full && visible.length <= PAGE_SIZE) return undefined;
  const own = visible.slice(0, PAGE_SIZE);
  const hasNext = visible.length > PAGE_SIZE;
  const last = own.at(-1);

  let numResults: number;
  let capped: boolean;
  if (page.pageNumber === 1 && !hasNext) {
    numResults = own.length;
    capped = false;
  } else {
    if (page.found === null || relations.hiddenMatching === null) return undefined;
    const found = Math.max(0, page.found - relations.hiddenMatching);
    // A count that reached its limit is a lower bound: enough only while it clears the cap.
    if (page.found >= SHARED_COUNT_LIMIT && found <= SEARCH_COUNT_CAP) return undefined;
    numResults = Math.min(found, SEARCH_COUNT_CAP);
    capped = found > SEARCH_COUNT_CAP;
  }

  let similar: SharedCard[] = [];
  if (page.pageNumber === 1 && numResults < SIMILAR_BELOW) {
    const shown = new Set(own.map(({ card }) => card.id));
    similar = page.similar.filter(({ card }) => !hidden.has(card.id) && !shown.has(card.id));
    if (similar.length < PAGE_SIZE && page.similarFull) return undefined;
    similar = similar.slice(0, PAGE_SIZE);
  }

  const mark = ({ card }: SharedCard) => (liked.has(card.id) ? { ...card, liked: true } : card);
  return {
    results: own.map(mark),
    numResults,
    numResultsCapped: capped,
    pageNumber: page.pageNumber,
    next_cursor:
      hasNext && last?.lastActiveAt
        ? encodeSearchCursor({
            after: { lastActiveAt: last.lastActiveAt, id: last.card.id },
            pageNumber: page.pageNumber + 1,
          })
        : null,
    similar: similar.map(mark),
  };
}

/** Whether two answers show the same members, counted alike, nobody liked: one kept answer serves both. */
export function sameAnswer(a: SearchAnswer, b: SearchAnswer): boolean {
  const ids = (cards: readonly DiscoveryCard[]) => cards.map((card) => card.id).join(',');
  return (
    a.numResults === b.numResults &&
    a.numResultsCapped === b.numResultsCapped &&
    a.next_cursor === b.next_cursor &&
    ids(a.results) === ids(b.results) &&
    ids(a.similar) === ids(b.similar) &&
    !a.results.some((card) => card.liked) &&
    !a.similar.some((card) => card.liked)
  );
}
