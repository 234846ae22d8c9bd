import { sql } from 'kysely';
import { PAGE_SIZE, SEARCH_COUNT_CAP } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { type DiscoveryCardQuery, selectDiscoveryCards } from './discovery-card';
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
  return searchPageQuery(db, context, after).execute();
}

/** The statement of one search page, unexecuted (its plan is checked in search-plans.test.ts). */
export function searchPageQuery(db: Db, context: SearchContext, after: SearchPosition | null) {
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
  return newestFirst(query).limit(PAGE_SIZE + 1);
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
