import { type SelectQueryBuilder, sql } from 'kysely';
import type { LanderVariant } from '@contract/landers';
import type { Db } from '@server/db/database';
import type { Database } from '@server/db/schema';
import {
  type Place,
  type Viewer,
  birthDateRangeToday,
  listNearFirst,
  ringsAround,
  selectProfileCards,
  visibleMembers,
} from '@server/features/members';

/**
 * The variant's niche and the viewer's own row left out, as conditions on `members` (a member
 * viewer does not advertise themselves to themselves).
 */
function inNiche<Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables | 'members', Row>,
  viewer: Viewer,
  variant: LanderVariant,
): SelectQueryBuilder<Database, Tables | 'members', Row> {
  let niche = query;
  if (viewer.memberId !== null) niche = niche.where(sql.ref('members.id'), '!=', viewer.memberId);
  if (variant.gender) niche = niche.where(sql.ref('members.gender'), '=', variant.gender);
  const { bornOnOrBefore, bornAfter } = birthDateRangeToday(variant.min_age, variant.max_age);
  if (bornOnOrBefore) niche = niche.where(sql.ref('members.date_of_birth'), '<=', bornOnOrBefore);
  if (bornAfter) niche = niche.where(sql.ref('members.date_of_birth'), '>', bornAfter);
  return niche;
}

/**
 * The members a lander shows: visible to this viewer (the one visible-members rule), with an
 * active main photo, in the variant's niche, those near the viewer first (issue 29 item 14),
 * the recently active first; the map's members only of its country.
 */
export async function listLanderMembers(
  db: Db,
  viewer: Viewer,
  variant: LanderVariant,
  { limit, place, countryOnly }: { limit: number; place: Place; countryOnly: boolean },
) {
  return listNearFirst(ringsAround(place, { countryOnly }), limit, (ring, ringLimit) =>
    inNiche(selectProfileCards(db, viewer), viewer, variant)
      .where(ring)
      .orderBy('members.last_active_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(ringLimit)
      .execute(),
  );
}

/**
 * How many members this viewer may see live in each region of one country, in the variant's
 * niche: counts per region only, never a member's place (issue 25 item 1, maplanding).
 */
export async function countLanderMembersByRegion(
  db: Db,
  viewer: Viewer,
  variant: LanderVariant,
  country: string,
): Promise<Array<{ region: string; count: number }>> {
  const rows = await inNiche(visibleMembers(db.selectFrom('members'), viewer), viewer, variant)
    .where('members.country', '=', country)
    .where('members.region', 'is not', null)
    .select(['members.region', sql<number | string>`count(*)`.as('count')])
    .groupBy('members.region')
    .execute();
  // PostgreSQL answers count(*) as a bigint, which pg hands over as text.
  return rows.map((row) => ({ region: row.region ?? '', count: Number(row.count) }));
}
