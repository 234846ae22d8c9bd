import type { LanderMember, LanderRegion } from '@contract/landers';
import { ageFromDateOfBirth } from '@contract/members';
import { regionName, regionsOf } from '@server/features/geo';
import { presentMainImage } from '@server/features/photos';
import { layOutRegionTiles } from './region-tiles';

/** The columns a lander member is presented from (selectProfileCards). */
interface LanderMemberRow {
  id: number;
  name: string;
  date_of_birth: string;
  country: string;
  region: string | null;
  is_fictional: number;
  storage_key: string;
  blurred_storage_key: string;
  status: string;
}

/**
 * Public fields only (issue 25 item 1): id, name, age, country and region name (as every card
 * shows them: issue 29 item 14), main photo, fictional flag. No e-mail, birth date or
 * coordinates leave the server.
 */
export function presentLanderMember(row: LanderMemberRow, cdnPrefix: string): LanderMember {
  const image = presentMainImage(cdnPrefix, row);
  return {
    id: row.id,
    name: row.name,
    age: ageFromDateOfBirth(row.date_of_birth),
    country: row.country,
    region: regionName(row.country, row.region),
    photo: image?.match ?? '',
    thumb: image?.thumb_filename ?? '',
    fictional: row.is_fictional === 1,
  };
}

// A country with many regions (GB has over 200) maps those with members, the most first.
const MAX_MAPPED_REGIONS = 30;

/**
 * The regions on the map with how many members live in each: all of a country's when it has
 * few (zero counts too, so the map shows the whole country), else those with members. Each
 * gets its cell on the tile map, laid out where the region lies.
 */
export function presentRegionMap(
  country: string,
  counts: Array<{ region: string; count: number }>,
): LanderRegion[] {
  const countOf = new Map(counts.map(({ region, count }) => [region, count]));
  const all = regionsOf(country).map((region) => ({
    ...region,
    count: countOf.get(region.code) ?? 0,
  }));
  const mapped =
    all.length <= MAX_MAPPED_REGIONS
      ? all
      : all
          .filter((region) => region.count > 0)
          .sort((a, b) => b.count - a.count)
          .slice(0, MAX_MAPPED_REGIONS);
  const tiles = layOutRegionTiles(
    country,
    mapped.map((region) => region.code),
  );
  return mapped.map((region) => ({
    name: region.name,
    count: region.count,
    ...tiles.get(region.code)!,
  }));
}
