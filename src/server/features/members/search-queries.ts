import { sql } from 'kysely';
import { PAGE_SIZE, SEARCH_COUNT_CAP, SIMILAR_BELOW } from '@contract/discovery';
import type { Db } from '@server/db/database';
import {
  type DiscoveryCardQuery,
  type DiscoveryCardRow,
  selectDiscoveryCards,
} from './discovery-card';
import type { SearchPosition } from './search-cursor';
import { type SearchFilters, birthDateRange, relaxedFilters } from './search-filters';

/**
 * The search's WHERE clause. Every column it names leads an index of 0006-search-indexes
 * (site, country, gender | region, then last activity and id), so a page is read in index
 * order and the LIMIT stops the walk: no sort, no full scan. Members never active (no
 * last_active_at: signup always sets it) cannot be placed in the order and are left out.
 */
function applyFilters(
  query: DiscoveryCardQuery,
  filters: SearchFilters,
  today: Date,
): DiscoveryCardQuery {
  let filtered = query.where('members.last_active_at', 'is not', null);
  if (filters.gender) filtered = filtered.where('members.gender', '=', filters.gender);
  if (filters.country) filtered = filtered.where('members.country', '=', filters.country);
  if (filters.region) filtered = filtered.where('members.region', '=', filters.region);
  const born = birthDateRange(filters.minAge, filters.maxAge, today);
  if (born.bornOnOrBefore)
    filtered = filtered.where('members.date_of_birth', '<=', born.bornOnOrBefore);
  if (born.bornAfter) filtered = filtered.where('members.date_of_birth', '>', born.bornAfter);
  return filtered;
}

const newestFirst = (query: DiscoveryCardQuery) =>
  query.orderBy('members.last_active_at', 'desc').orderBy('members.id', 'desc');

export interface SearchContext {
  siteId: number;
  viewerId: number | null;
  filters: SearchFilters;
  today?: Date;
}

/**
 * One page of results after a position (keyset pagination, never OFFSET: page 50 costs what
 * page 1 costs), plus one row more to know whether another page follows.
 */
export function listSearchPage(db: Db, context: SearchContext, after: SearchPosition | null) {
  let query = applyFilters(
    selectDiscoveryCards(db, context.siteId, context.viewerId),
    context.filters,
    context.today ?? new Date(),
  );
  // A row value: both dialects read it as one range of the (…, last_active_at, id) index.
  if (after)
    query = query.where(
      sql<boolean>`(members.last_active_at, members.id) < (${after.lastActiveAt}, ${after.id})`,
    );
  return newestFirst(query)
    .limit(PAGE_SIZE + 1)
    .execute();
}

/**
 * How many members match, counted up to SEARCH_COUNT_CAP over a LIMITed subquery (one more
 * row tells whether the cap was reached), so a broad search never counts a million rows.
 */
export async function countSearch(db: Db, context: SearchContext) {
  const matching = applyFilters(
    selectDiscoveryCards(db, context.siteId, context.viewerId),
    context.filters,
    context.today ?? new Date(),
  )
    .clearSelect()
    .select('members.id')
    .limit(SEARCH_COUNT_CAP + 1);
  const { count } = await db
    .selectFrom(matching.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const found = Number(count);
  return { numResults: Math.min(found, SEARCH_COUNT_CAP), capped: found > SEARCH_COUNT_CAP };
}

/**
 * Similar results (issue 8), in ONE statement: each relaxation step (relaxedFilters) is a
 * branch of a UNION ALL read in index order and limited on its own; the nearer step comes
 * first. The results themselves are left out by id (fewer than SIMILAR_BELOW of them), and the
 * step without the country leaves out that country, which the nearer steps cover.
 */
export async function listSimilar(db: Db, context: SearchContext, resultIds: number[]) {
  const today = context.today ?? new Date();
  const steps = relaxedFilters(context.filters);
  if (steps.length === 0) return [];
  const branches = steps.map((step, tier) => {
    let branch = applyFilters(
      selectDiscoveryCards(db, context.siteId, context.viewerId),
      step,
      today,
    );
    if (resultIds.length > 0) branch = branch.where('members.id', 'not in', resultIds);
    if (context.filters.country && !step.country)
      branch = branch.where('members.country', '!=', context.filters.country);
    return db
      .selectFrom(
        newestFirst(branch)
          .select(sql<number>`${sql.lit(tier)}`.as('tier'))
          .limit(PAGE_SIZE)
          .as('step'),
      )
      .selectAll();
  });
  const [first, ...rest] = branches;
  let similar = first!;
  for (const branch of rest) similar = similar.unionAll(branch);
  return similar
    .orderBy('tier')
    .orderBy('last_active_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .execute();
}

/** What a kept page reads beyond a viewer's page, so a viewer's blocks rarely empty it. */
export const SHARED_SPARE_ROWS = 40;
export const SHARED_ROWS = PAGE_SIZE + 1 + SHARED_SPARE_ROWS;
/**
 * A kept page counts this far past SEARCH_COUNT_CAP: a viewer with up to this many blocked
 * members among the matches still gets an exact (capped) count from it.
 */
export const SHARED_COUNT_SPARE = 1000;
export const SHARED_COUNT_LIMIT = SEARCH_COUNT_CAP + 1 + SHARED_COUNT_SPARE;
/**
 * Similar rows read per relaxation step: similar results are shown below fewer than
 * SIMILAR_BELOW results, which the steps (wider filters) may hold, so this leaves PAGE_SIZE.
 */
export const SHARED_SIMILAR_ROWS = PAGE_SIZE + SIMILAR_BELOW - 1;

export type SharedSearchRow = DiscoveryCardRow & {
  /** 0: the search's own rows; 1, 2, …: a relaxation step of similar results. */
  tier: number;
  /** On the search's own rows: how many match, counted up to SHARED_COUNT_LIMIT. */
  found: number | string | null;
};

/**
 * One page of a search as it is for everyone on the site (no viewer: nobody left out, nobody
 * liked), in ONE statement: SHARED_ROWS rows after the position in index order, each carrying
 * the capped count of all matches (an uncorrelated subquery, run once), and on the first page
 * the similar results of each relaxation step (a UNION ALL branch each, LIMITed in index
 * order). A viewer's page is this without their blocks and themselves (search-shared-page.ts).
 */
export async function listSharedSearchPage(
  db: Db,
  context: Omit<SearchContext, 'viewerId'>,
  after: SearchPosition | null,
  pageNumber: number,
): Promise<SharedSearchRow[]> {
  const today = context.today ?? new Date();
  const base = () => selectDiscoveryCards(db, context.siteId, null);
  const count = db
    .selectFrom(
      applyFilters(base(), context.filters, today)
        .clearSelect()
        .select('members.id')
        .limit(SHARED_COUNT_LIMIT)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
  let own = applyFilters(base(), context.filters, today);
  if (after)
    own = own.where(
      sql<boolean>`(members.last_active_at, members.id) < (${after.lastActiveAt}, ${after.id})`,
    );
  const branch = (query: DiscoveryCardQuery, tier: number, found: boolean, limit: number) =>
    db
      .selectFrom(
        newestFirst(query)
          .select(sql.lit(tier).as('tier'))
          .select(found ? count.as('found') : sql<null>`cast(null as bigint)`.as('found'))
          .limit(limit)
          .as('step'),
      )
      .selectAll();
  let statement = branch(own, 0, true, SHARED_ROWS);
  if (pageNumber === 1) {
    relaxedFilters(context.filters).forEach((step, index) => {
      let similar = applyFilters(base(), step, today);
      if (context.filters.country && !step.country)
        similar = similar.where('members.country', '!=', context.filters.country);
      statement = statement.unionAll(branch(similar, index + 1, false, SHARED_SIMILAR_ROWS));
    });
  }
  return (await statement.execute()) as SharedSearchRow[];
}

/** How a viewer stands to the members of a kept page (search-shared-page.ts). */
export interface ViewerRelations {
  /** Members of the page the viewer liked. */
  liked: number[];
  /** Members of the page blocked either way. */
  blocked: number[];
  /** Of all members blocked either way and the viewer, how many match the search (or null). */
  hiddenMatching: number | null;
}

/**
 * The viewer's part of a kept page in ONE statement: which of `ids` they liked, which are
 * blocked either way (spec §1), and, when `countHidden`, how many of the members they may
 * not see (blocked either way, or themselves) match the search: a kept count less those is
 * theirs. Each branch reads by primary key or blocks_blocked.
 */
export async function readViewerRelations(
  db: Db,
  context: SearchContext & { viewerId: number },
  ids: readonly number[],
  countHidden: boolean,
): Promise<ViewerRelations> {
  const viewer = context.viewerId;
  const shown = ids.length > 0 ? [...ids] : [0];
  let statement = db
    .selectFrom('likes')
    .select(['liked_id as id', sql.lit(1).as('kind')])
    .where('liker_id', '=', viewer)
    .where('liked_id', 'in', shown)
    .unionAll(
      db
        .selectFrom('blocks')
        .select(['blocked_id as id', sql.lit(2).as('kind')])
        .where('blocker_id', '=', viewer)
        .where('blocked_id', 'in', shown),
    )
    .unionAll(
      db
        .selectFrom('blocks')
        .select(['blocker_id as id', sql.lit(2).as('kind')])
        .where('blocked_id', '=', viewer)
        .where('blocker_id', 'in', shown),
    );
  if (countHidden) {
    const hidden = applyFilters(
      selectDiscoveryCards(db, context.siteId, null),
      context.filters,
      context.today ?? new Date(),
    )
      .clearSelect()
      .select((eb) => [eb.fn.countAll<number>().as('id'), sql.lit(3).as('kind')])
      // One IN over a compound subquery: read by primary key, never a scan of the members.
      .where('members.id', 'in', (eb) =>
        eb
          .selectFrom('blocks')
          .select('blocked_id as id')
          .where('blocker_id', '=', viewer)
          .union(
            eb.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewer),
          )
          .union(db.selectNoFrom(sql<number>`cast(${viewer} as integer)`.as('id'))),
      );
    statement = statement.unionAll(hidden);
  }
  const rows = await statement.execute();
  const relations: ViewerRelations = { liked: [], blocked: [], hiddenMatching: null };
  for (const row of rows) {
    const kind = Number(row.kind);
    if (kind === 1) relations.liked.push(Number(row.id));
    else if (kind === 2) relations.blocked.push(Number(row.id));
    else relations.hiddenMatching = Number(row.id);
  }
  return relations;
}
