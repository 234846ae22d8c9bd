import { PAGE_SIZE, SEARCH_COUNT_CAP, SIMILAR_BELOW, type SearchAnswer } from '@contract/discovery';
import { type DiscoveryCard, discoveryCardSchema } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { keptListRead, keptRead } from '@server/db/kept-reads';
import { presentDiscoveryCard } from './discovery-card';
import { type SearchPosition, encodeSearchCursor } from './search-cursor';
import { birthDateRange, birthDateRangeToday } from './search-filters';
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
  /**
   * First page only: the similar results of each relaxation step, nearest first, the search's
   * own rows left out; `full` when the step's read stopped at its limit (more may follow).
   */
  similarSteps: readonly SimilarStep[];
}

interface SimilarStep {
  cards: readonly SharedCard[];
  full: boolean;
}

interface SharedCard {
  card: DiscoveryCard;
  /** The card as JSON, checked against the contract once (liked: false). */
  json: string;
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
  const born = context.today
    ? birthDateRange(filters.minAge, filters.maxAge, context.today)
    : birthDateRangeToday(filters.minAge, filters.maxAge);
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
          .map((row) => {
            const card = discoveryCardSchema.parse(presentDiscoveryCard(row, cdnPrefix));
            const json = JSON.stringify(card);
            if (!json.endsWith(NOT_LIKED)) throw new Error('a card must end with its liked field');
            return { card, json, lastActiveAt: row.last_active_at };
          });
      const own = shared(0);
      const ownIds = new Set(own.map(({ card }) => card.id));
      const steps = [...new Set(rows.map((row) => row.tier))]
        .filter((tier) => tier > 0)
        .sort((a, b) => a - b);
      const similarSteps = steps.map((tier) => {
        const cards = shared(tier);
        return {
          cards: cards.filter(({ card }) => !ownIds.has(card.id)),
          full: cards.length >= SHARED_SIMILAR_ROWS,
        };
      });
      const first = rows.find((row) => row.tier === 0);
      loads += 1;
      return {
        load: loads,
        pageNumber,
        rows: own,
        full: own.length >= SHARED_ROWS,
        found: first?.found === null || first === undefined ? null : Number(first.found),
        similarSteps,
      } satisfies SharedSearchPage;
    },
    (page) => cardsOf(page).map(({ card }) => card.id),
  );
}

/** Every card of a kept page: its rows and its similar results. */
const cardsOf = (page: SharedSearchPage) => [
  ...page.rows,
  ...page.similarSteps.flatMap((step) => step.cards),
];

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
  const ids = cardsOf(page).map(({ card }) => card.id);
  return keptRead(
    db,
    `search-viewer:${context.viewerId}:${page.load}`,
    () => readViewerRelations(db, context, ids, needsCount(page)),
    () => [context.viewerId],
  );
}

/** A visitor's relations to any page: nobody hidden, nobody liked. */
export const NO_RELATIONS: ViewerRelations = Object.freeze({
  liked: Object.freeze([]) as unknown as number[],
  blocked: Object.freeze([]) as unknown as number[],
  hiddenMatching: 0,
});

/** A viewer's page of a kept page: which cards, which they liked, how many in all. */
interface ViewerPage {
  results: readonly SharedCard[];
  similar: readonly SharedCard[];
  liked: ReadonlySet<number>;
  numResults: number;
  capped: boolean;
  nextCursor: string | null;
}

/**
 * The viewer's page from a kept page: its rows less the members hidden from them (blocked
 * either way, themselves), their likes marked, the count less the hidden members who match.
 * Undefined when the kept page cannot tell (the hidden members emptied it, or too many of them
 * match for the count's margin): the caller then asks the database for this viewer alone.
 */
function viewerPage(
  page: SharedSearchPage,
  relations: ViewerRelations,
  viewerId: number | null,
): ViewerPage | undefined {
  const hidden = new Set(relations.blocked);
  if (viewerId !== null) hidden.add(viewerId);
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
    // As listSimilar: each step's rows without the hidden and the shown, nearer steps first.
    // A step whose read stopped at its limit may hold more than it read: when the page is
    // not yet full after it, only the database can tell what comes next.
    const shown = new Set(own.map(({ card }) => card.id));
    for (const step of page.similarSteps) {
      similar.push(...step.cards.filter(({ card }) => !hidden.has(card.id) && !shown.has(card.id)));
      if (similar.length >= PAGE_SIZE) break;
      if (step.full) return undefined;
    }
    similar = similar.slice(0, PAGE_SIZE);
  }

  return {
    results: own,
    similar,
    liked: new Set(relations.liked),
    numResults,
    capped,
    nextCursor:
      hasNext && last?.lastActiveAt
        ? encodeSearchCursor({
            after: { lastActiveAt: last.lastActiveAt, id: last.card.id },
            pageNumber: page.pageNumber + 1,
          })
        : null,
  };
}

/** The viewer's answer from a kept page (viewerPage), or undefined when it cannot tell. */
export function viewerSearchAnswer(
  page: SharedSearchPage,
  relations: ViewerRelations,
  viewerId: number | null,
): SearchAnswer | undefined {
  const part = viewerPage(page, relations, viewerId);
  if (!part) return undefined;
  const mark = ({ card }: SharedCard) =>
    part.liked.has(card.id) ? { ...card, liked: true } : card;
  return {
    results: part.results.map(mark),
    numResults: part.numResults,
    numResultsCapped: part.capped,
    pageNumber: page.pageNumber,
    next_cursor: part.nextCursor,
    similar: part.similar.map(mark),
  };
}

/**
 * The same answer as JSON text, put together from the cards' text checked and written when
 * the page was kept: a member's own page (their likes marked) costs no serializer pass.
 */
export function viewerSearchAnswerJson(
  page: SharedSearchPage,
  relations: ViewerRelations,
  viewerId: number | null,
): string | undefined {
  const part = viewerPage(page, relations, viewerId);
  if (!part) return undefined;
  const text = ({ card, json }: SharedCard) =>
    part.liked.has(card.id) ? `${json.slice(0, -NOT_LIKED.length)}${LIKED}` : json;
  return (
    `{"results":[${part.results.map(text).join(',')}],"numResults":${part.numResults},` +
    `"numResultsCapped":${part.capped},"pageNumber":${page.pageNumber},` +
    `"next_cursor":${JSON.stringify(part.nextCursor)},"similar":[${part.similar.map(text).join(',')}]}`
  );
}

// A card's text ends with its `liked` field (discoveryCardSchema puts it last).
const NOT_LIKED = '"liked":false}';
const LIKED = '"liked":true}';

/**
 * Whether a viewer's relations leave a kept page as the site sees it: they liked and blocked
 * none of its members, are not on it themselves, and the members hidden from them leave its
 * count as it is (none match, or the count stays above the cap without them).
 */
export function untouchedBy(
  page: SharedSearchPage,
  relations: ViewerRelations,
  viewerId: number,
): boolean {
  if (relations.liked.length > 0 || relations.blocked.length > 0) return false;
  if (page.rows.some(({ card }) => card.id === viewerId)) return false;
  if (page.similarSteps.some((step) => step.cards.some(({ card }) => card.id === viewerId)))
    return false;
  const hidden = relations.hiddenMatching ?? 0;
  return hidden === 0 || (page.found !== null && page.found - hidden > SEARCH_COUNT_CAP);
}
