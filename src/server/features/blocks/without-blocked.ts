import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '@server/db/schema';

/**
 * Leaves out members the viewer blocked and members who blocked the viewer (spec §1), in
 * any query that lists rows of `members`: every list and lookup of members uses it. Two
 * separate NOT EXISTS on purpose: each direction uses its own index (the primary key and
 * blocks_blocked), where one OR-ed subquery would not.
 */
export function withoutBlocked<Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables | 'members', Row>,
  viewerId: number,
): SelectQueryBuilder<Database, Tables | 'members', Row> {
  return query
    .where(
      sql<boolean>`not exists (select 1 from blocks where blocks.blocker_id = ${viewerId} and blocks.blocked_id = members.id)`,
    )
    .where(
      sql<boolean>`not exists (select 1 from blocks where blocks.blocked_id = ${viewerId} and blocks.blocker_id = members.id)`,
    );
}
