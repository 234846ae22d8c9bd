import { allCountries } from 'country-region-data';
import type { Region } from '@contract/settings';

// The package keeps a few names in the inverted form of the ISO 3166-2 list, sorted by their
// main word ("Durham, County", "Bristol, City of", "Vale of Glamorgan, The"). Members read them
// as people write them (issue 23 item 13): "County Durham", "Bristol", "Vale of Glamorgan".
const INVERTED_NAMES: [RegExp, string][] = [
  [/^(.+), City of$/, '$1'],
  [/^(.+), County$/, 'County $1'],
  [/^(.+), The$/, '$1'],
];

/** A region name as people write it, not in the sorting form of the ISO list. */
export function displayRegionName(name: string): string {
  for (const [pattern, replacement] of INVERTED_NAMES) {
    if (pattern.test(name)) return name.replace(pattern, replacement);
  }
  return name;
}

// Regions per ISO country code from the maintained country-region-data package. The code is
// what is stored; only the shown name changes.
const regionsByCountry = new Map<string, Region[]>(
  allCountries.map(([, code, regions]) => [
    code,
    regions.map(([name, regionCode]) => ({
      code: regionCode ?? name,
      name: displayRegionName(name),
    })),
  ]),
);

/**
 * Whether a code names a country of the ISO list (the same list the regions come from). A
 * header or cookie naming anything else is no country (issue 29 item 2).
 */
export function isCountryCode(code: string): boolean {
  return regionsByCountry.has(code);
}

export function regionsOf(countryCode: string): Region[] {
  return regionsByCountry.get(countryCode) ?? [];
}

/** A region code of a country as its name, as people write it; null when unknown. */
export function regionName(country: string, code: string | null): string | null {
  if (code === null) return null;
  return regionsOf(country).find((region) => region.code === code)?.name ?? null;
}

export function isRegionOf(countryCode: string, regionCode: string): boolean {
  return regionsOf(countryCode).some((region) => region.code === regionCode);
}

const regionsByCountries = new Map<string, Record<string, Region[]>>();

/** The regions of several countries at once; memoised, as a site's countries rarely change. */
export function regionsOfCountries(countryCodes: string[]): Record<string, Region[]> {
  const key = countryCodes.join(',');
  let answer = regionsByCountries.get(key);
  if (!answer) {
    answer = Object.fromEntries(countryCodes.map((code) => [code, regionsOf(code)]));
    if (regionsByCountries.size > 1000) regionsByCountries.clear();
    regionsByCountries.set(key, answer);
  }
  return answer;
}
