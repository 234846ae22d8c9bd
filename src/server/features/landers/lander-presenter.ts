import type { LanderMember, LanderRegion } from '@contract/landers';
import { ageFromDateOfBirth } from '@contract/members';
import { regionsOf } from '@server/features/geo';
import { presentMainImage } from '@server/features/photos';

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

/** A region code of a country as its name, as people write it; null when unknown. */
export function regionName(country: string, code: string | null): string | null {
  if (code === null) return null;
  return regionsOf(country).find((region) => region.code === code)?.name ?? null;
}

/**
 * Public fields only (issue 25 item 1): id, name, age, region name, main photo, fictional flag.
 * No e-mail, birth date, country code or coordinates leave the server.
 */
export function presentLanderMember(row: LanderMemberRow, cdnPrefix: string): LanderMember {
  const image = presentMainImage(cdnPrefix, row);
  return {
    id: row.id,
    name: row.name,
    age: ageFromDateOfBirth(row.date_of_birth),
    region: regionName(row.country, row.region),
    photo: image?.match ?? '',
    thumb: image?.thumb_filename ?? '',
    fictional: row.is_fictional === 1,
  };
}

/**
 * Every region of the country with how many members live there (zero too, so the map draws
 * the whole country), in the order of the ISO list.
 */
export function presentRegionCounts(
  country: string,
  counts: Array<{ region: string; count: number }>,
): LanderRegion[] {
  const countOf = new Map(counts.map(({ region, count }) => [region, count]));
  return regionsOf(country).map((region) => ({
    name: region.name,
    count: countOf.get(region.code) ?? 0,
  }));
}
