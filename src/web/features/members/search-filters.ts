import { SEARCH_AGE } from '@contract/discovery-limits';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import type { OwnProfile } from '@contract/profiles';

// spec §3 "Search state": gender, country, countryregion, min_age, max_age. They live in the
// URL's search params, so a reload or the back button keeps them.
export const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface SearchFilters {
  gender?: (typeof PROFILE_OPTIONS.gender)[number];
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
}

const age = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= SEARCH_AGE.min && number <= SEARCH_AGE.max
    ? number
    : undefined;
};

/** Whether the member chose filters (an empty value means "any"): else the defaults apply. */
export const hasChosenFilters = (params: URLSearchParams) =>
  FILTER_KEYS.some((key) => params.has(key));

/**
 * How many filters narrow the search (the "Filters · 2" button on a phone, issue 32 item 4):
 * each chosen value counts, the defaults taken from the member's profile too (they narrow it).
 */
export const countFilters = (filters: SearchFilters) =>
  FILTER_KEYS.filter((key) => filters[key] !== undefined && filters[key] !== '').length;

/** The filters in the URL, keeping only those the site offers and values that make sense. */
export function filtersFromParams(params: URLSearchParams, offered: readonly string[]) {
  const filters: SearchFilters = {};
  const gender = params.get('gender');
  if (
    offered.includes('gender') &&
    (PROFILE_OPTIONS.gender as readonly string[]).includes(gender ?? '')
  ) {
    filters.gender = gender as SearchFilters['gender'];
  }
  const country = params.get('country');
  if (offered.includes('country') && country && /^[A-Z]{2}$/.test(country)) {
    filters.country = country;
    const region = params.get('countryregion');
    if (offered.includes('countryregion') && region) filters.countryregion = region.slice(0, 10);
  }
  const minAge = offered.includes('min_age') ? age(params.get('min_age')) : undefined;
  const maxAge = offered.includes('max_age') ? age(params.get('max_age')) : undefined;
  if (minAge !== undefined) filters.min_age = minAge;
  if (maxAge !== undefined && (minAge === undefined || maxAge >= minAge)) filters.max_age = maxAge;
  return filters;
}

/** The filters as URL search params: every offered key, empty for "any". */
export function filtersToParams(filters: SearchFilters, offered: readonly string[]) {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    if (offered.includes(key)) params.set(key, String(filters[key] ?? ''));
  }
  return params;
}

/** spec §3: a member first searches for whom they seek (unless both) in their own country. */
export function defaultFilters(
  profile: Pick<OwnProfile, 'seeking' | 'country'> | undefined,
  offered: readonly string[],
): SearchFilters {
  const filters: SearchFilters = {};
  if (!profile) return filters;
  if (offered.includes('gender') && profile.seeking && profile.seeking !== 'both') {
    filters.gender = profile.seeking;
  }
  if (offered.includes('country') && profile.country) filters.country = profile.country;
  return filters;
}
