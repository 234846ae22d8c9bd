import { format, startOfTomorrow, subYears } from 'date-fns';
import { SEARCH_AGE, type SearchQuery } from '@contract/discovery';
import { invalidFields } from '@server/errors/app-error';
import { isRegionOf } from '@server/features/geo';
import type { StoredSiteSettings } from '@server/features/sites';

/** Birth dates that give an age in [minAge, maxAge] today, exactly as cards compute ages. */
export interface BirthDateRange {
  /** Born on or before this day: at least minAge. */
  bornOnOrBefore?: string;
  /** Born after this day: at most maxAge. */
  bornAfter?: string;
}

/** What a search filters on. */
export interface SearchFilters {
  gender?: string;
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * Ages to birth dates. A member is at least `min` years old when born on or before today
 * minus `min` years, and at most `max` years old when born after today minus `max + 1`
 * years (differenceInYears, as ageFromDateOfBirth, counts whole years the same way).
 */
export function birthDateRange(
  minAge: number | undefined,
  maxAge: number | undefined,
  today: Date = new Date(),
): BirthDateRange {
  return {
    ...(minAge !== undefined ? { bornOnOrBefore: day(subYears(today, minAge)) } : {}),
    ...(maxAge !== undefined ? { bornAfter: day(subYears(today, maxAge + 1)) } : {}),
  };
}

const todaysRanges = new Map<string, BirthDateRange>();
let todaysRangesUntil = 0;

/**
 * birthDateRange for today, remembered until midnight, for the landers' member rows
 * (landers/lander-queries.ts). Search works out its range per request with birthDateRange.
 */
export function birthDateRangeToday(minAge?: number, maxAge?: number): BirthDateRange {
  const now = Date.now();
  if (now >= todaysRangesUntil) {
    todaysRanges.clear();
    todaysRangesUntil = startOfTomorrow().getTime();
  }
  const key = `${minAge ?? ''}:${maxAge ?? ''}`;
  let range = todaysRanges.get(key);
  if (!range) todaysRanges.set(key, (range = birthDateRange(minAge, maxAge, new Date(now))));
  return range;
}

/**
 * The filters of a search as the site offers them (spec §2 members, §3 search state): a
 * filter the site's search_fields does not name is ignored. A country the site does not
 * serve, or a region not of that country, is invalid_value (the schema checked the rest).
 */
export function searchFiltersOf(settings: StoredSiteSettings, query: SearchQuery): SearchFilters {
  const offered = new Set(settings.search_fields);
  const filters: SearchFilters = {};
  if (offered.has('gender') && query.gender) filters.gender = query.gender;
  if (offered.has('country') && query.country) {
    if (!settings.countries.includes(query.country))
      throw invalidFields({ country: 'invalid_value' });
    filters.country = query.country;
    if (offered.has('countryregion') && query.countryregion) {
      if (!isRegionOf(query.country, query.countryregion))
        throw invalidFields({ countryregion: 'invalid_value' });
      filters.region = query.countryregion;
    }
  }
  if (offered.has('min_age') && query.min_age !== undefined) filters.minAge = query.min_age;
  if (offered.has('max_age') && query.max_age !== undefined) filters.maxAge = query.max_age;
  return filters;
}

const SIMILAR_AGE_WIDENING = 5;

/**
 * How similar results relax a search (issue 8), nearest first: drop the region and widen the
 * ages by 5 years each way; then drop the country too. Steps that change nothing are left out.
 */
export function relaxedFilters(filters: SearchFilters): SearchFilters[] {
  const { region: _region, ...withoutRegion } = filters;
  const nearer: SearchFilters = {
    ...withoutRegion,
    ...(filters.minAge !== undefined
      ? { minAge: Math.max(SEARCH_AGE.min, filters.minAge - SIMILAR_AGE_WIDENING) }
      : {}),
    ...(filters.maxAge !== undefined ? { maxAge: filters.maxAge + SIMILAR_AGE_WIDENING } : {}),
  };
  const { country: _country, ...farther } = nearer;
  const steps = [nearer, farther];
  return steps.filter(
    (step, index) =>
      JSON.stringify(step) !== JSON.stringify(index === 0 ? filters : steps[index - 1]),
  );
}
