import { allCountries } from 'country-region-data';
import type { Region } from '@contract/settings';

// Regions per ISO country code from the maintained country-region-data package.
const regionsByCountry = new Map<string, Region[]>(
  allCountries.map(([, code, regions]) => [
    code,
    regions.map(([name, regionCode]) => ({ code: regionCode ?? name, name })),
  ]),
);

export function regionsOf(countryCode: string): Region[] {
  return regionsByCountry.get(countryCode) ?? [];
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
