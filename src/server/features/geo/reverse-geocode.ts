import { iso1A2Code } from '@rapideditor/country-coder';
import type { Place } from '@contract/geo';
import { type CountryPlaces, loadGeocoderPlaces } from './geocoder-places';

let placesByCountry: Map<string, CountryPlaces> | undefined;

/**
 * Loads GeoNames' places from their compact file (geocoder-places.ts), once per process. The
 * server calls it as it starts listening (geo/index.ts), so no member's request waits for it;
 * a caller outside the server (a test, a script) loads them at its first geocode.
 */
export function loadPlaces(): void {
  placesByCountry ??= loadGeocoderPlaces();
}

function countryPlaces(country: string): CountryPlaces | undefined {
  loadPlaces();
  return placesByCountry!.get(country);
}

/** The region of the country's place nearest to the point (equirectangular distance). */
function nearestRegion(country: string, lat: number, lon: number): string | null {
  const places = countryPlaces(country);
  if (!places) return null;
  const shrink = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  let region: string | null = null;
  for (let index = 0; index < places.lat.length; index++) {
    const dLat = places.lat[index]! - lat;
    const dLon = (places.lon[index]! - lon) * shrink;
    const distance = dLat * dLat + dLon * dLon;
    if (distance < best) {
      best = distance;
      region = places.region[index]!;
    }
  }
  return region;
}

/**
 * spec §7 geocode.php, offline (DESIGN.md §7): the country from country-coder's borders (the
 * sea and Antarctica are in none), the region from the nearest GeoNames place in that country,
 * as a code of the site's region list (country-region-data). False when the point is in no
 * country.
 */
export function reverseGeocode(lat: number, lon: number): Place | false {
  const country = iso1A2Code([lon, lat]);
  if (!country || country === 'AQ') return false;
  return { country, region: nearestRegion(country, lat, lon) };
}
