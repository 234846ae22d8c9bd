import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** Where a viewer is: a member's stated place, or a visitor's country (region unknown). */
export interface Place {
  country: string;
  region: string | null;
}

/** A member's place as their profile states it. */
export const placeOf = (member: { country: string; region: string | null }): Place => ({
  country: member.country,
  region: member.region,
});

/** A condition on `members` for one ring around a place. */
export type Ring = RawBuilder<SqlBool>;

/**
 * The rings around a place, nearest first: the same region (when known), the rest of the
 * country, then (unless `countryOnly`) everywhere else. Each ring is its own indexed range
 * (site, country[, region], last activity), so listing near-first costs at most three short
 * reads instead of sorting every visible member by distance.
 */
export function ringsAround(place: Place, { countryOnly = false } = {}): Ring[] {
  const { country, region } = place;
  const rings: Ring[] = [];
  if (region) {
    rings.push(sql<SqlBool>`members.country = ${country} and members.region = ${region}`);
    rings.push(
      sql<SqlBool>`members.country = ${country} and (members.region is null or members.region <> ${region})`,
    );
  } else {
    rings.push(sql<SqlBool>`members.country = ${country}`);
  }
  if (!countryOnly) rings.push(sql<SqlBool>`members.country <> ${country}`);
  return rings;
}

/**
 * Up to `limit` rows, the nearest ring first (issue 29 item 14: "near you" was a promise the
 * lists did not keep): `page` lists one ring's rows in its own order (recent activity).
 */
export async function listNearFirst<Row>(
  rings: Ring[],
  limit: number,
  page: (ring: Ring, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const ring of rings) {
    if (rows.length >= limit) break;
    rows.push(...(await page(ring, limit - rows.length)));
  }
  return rows;
}
