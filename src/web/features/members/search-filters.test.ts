import { describe, expect, it } from 'vitest';
import {
  countFilters,
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  hasChosenFilters,
} from './search-filters';

const ALL = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

describe('search filters in the URL (spec §3 search state)', () => {
  it('round-trips the filters, with empty values for "any"', () => {
    const filters = { gender: 'male' as const, country: 'NL', min_age: 25, max_age: 40 };
    const params = filtersToParams(filters, ALL);
    expect(params.toString()).toBe('gender=male&country=NL&countryregion=&min_age=25&max_age=40');
    expect(hasChosenFilters(params)).toBe(true);
    expect(filtersFromParams(params, ALL)).toEqual(filters);
  });

  it('keeps only what the site offers and what makes sense', () => {
    const params = new URLSearchParams(
      'gender=robot&country=nl&countryregion=NH&min_age=12&max_age=abc',
    );
    expect(filtersFromParams(params, ALL)).toEqual({});
    expect(
      filtersFromParams(new URLSearchParams('min_age=50&max_age=30&country=DE&countryregion=BY'), [
        'min_age',
        'max_age',
        'country',
      ]),
    ).toEqual({ min_age: 50, country: 'DE' });
    expect(hasChosenFilters(new URLSearchParams('api_signup_complete=1'))).toBe(false);
  });

  it('starts from whom the member seeks (unless both) in their own country', () => {
    expect(defaultFilters({ seeking: 'female', country: 'NL' }, ALL)).toEqual({
      gender: 'female',
      country: 'NL',
    });
    expect(defaultFilters({ seeking: 'both', country: 'BE' }, ALL)).toEqual({ country: 'BE' });
    expect(defaultFilters({ seeking: 'male', country: 'BE' }, ['min_age'])).toEqual({});
    expect(defaultFilters(undefined, ALL)).toEqual({});
  });

  it("counts the filters that narrow the search, for the phone's Filters button", () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ gender: 'female', country: 'NL' })).toBe(2);
    expect(countFilters({ country: 'NL', countryregion: 'NH', min_age: 30, max_age: 40 })).toBe(4);
  });
});
