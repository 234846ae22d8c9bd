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
