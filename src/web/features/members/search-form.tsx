import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_AGE } from '@contract/discovery';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import { regionsQuery } from '@web/api/site-api';
import { countryName } from '@web/components/country-name';
import { useSite } from '@web/components/site-context';
import type { SearchFilters } from './search-filters';

const AGES = Array.from(
  { length: SEARCH_AGE.max - SEARCH_AGE.min + 1 },
  (_, index) => SEARCH_AGE.min + index,
);

interface SearchFormProps {
  filters: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
  onClear: () => void;
}

/** The search filters the site offers (settings search_fields), applied with "Search". */
export function SearchForm({ filters, onSearch, onClear }: SearchFormProps) {
  const { t, i18n } = useTranslation('members');
  const site = useSite();
  const offered = site.search_fields;
  const { data: regions } = useQuery(regionsQuery);
  const [draft, setDraft] = useState<SearchFilters>(filters);
  const countries = [...site.countries].sort((a, b) =>
    countryName(a, i18n.language).localeCompare(countryName(b, i18n.language), i18n.language),
  );
  const countryRegions = draft.country ? (regions?.[draft.country] ?? []) : [];
  const minAge = Math.max(SEARCH_AGE.min, site.min_age);

  const set = (changes: Partial<SearchFilters>) => {
    const next: SearchFilters = { ...draft, ...changes };
    for (const key of Object.keys(next) as Array<keyof SearchFilters>) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    setDraft(next);
  };
  const ageValue = (value: string) => (value ? Number(value) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { ...draft };
    // A reversed age range is swapped rather than refused: the member meant the range.
    if (next.min_age && next.max_age && next.min_age > next.max_age) {
      [next.min_age, next.max_age] = [next.max_age, next.min_age];
    }
    onSearch(next);
  }

  return (
    <form
      className="card border-0 shadow-sm mb-4"
      aria-label={t('filters.label')}
      onSubmit={submit}
    >
      <div className="card-body">
        <div className="row g-3 align-items-end">
          {offered.includes('gender') && (
            <div className="col-6 col-md-4 col-lg-2">
              <label htmlFor="search-gender" className="form-label fw-semibold">
                {t('filters.gender')}
              </label>
              <select
                id="search-gender"
                className="form-select"
                value={draft.gender ?? ''}
                onChange={(event) =>
                  set({ gender: (event.target.value || undefined) as SearchFilters['gender'] })
                }
              >
                <option value="">{t('filters.anyGender')}</option>
                {PROFILE_OPTIONS.gender.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(`filters.genders.${gender}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offered.includes('country') && (
            <div className="col-6 col-md-4 col-lg-3">
              <label htmlFor="search-country" className="form-label fw-semibold">
                {t('filters.country')}
              </label>
              <select
                id="search-country"
                className="form-select"
                value={draft.country ?? ''}
                onChange={(event) =>
                  set({ country: event.target.value || undefined, countryregion: undefined })
                }
              >
                <option value="">{t('filters.anyCountry')}</option>
                {countries.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code, i18n.language)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offered.includes('countryregion') && offered.includes('country') && (
            <div className="col-12 col-md-4 col-lg-3">
              <label htmlFor="search-region" className="form-label fw-semibold">
                {t('filters.region')}
              </label>
              <select
                id="search-region"
                className="form-select"
                value={draft.countryregion ?? ''}
                disabled={countryRegions.length === 0}
                onChange={(event) => set({ countryregion: event.target.value || undefined })}
              >
                <option value="">{t('filters.anyRegion')}</option>
                {countryRegions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offered.includes('min_age') && (
            <div className="col-6 col-md-3 col-lg-2">
              <label htmlFor="search-min-age" className="form-label fw-semibold">
                {t('filters.minAge')}
              </label>
              <select
                id="search-min-age"
                className="form-select"
                value={draft.min_age ?? ''}
                onChange={(event) => set({ min_age: ageValue(event.target.value) })}
              >
                <option value="">{t('filters.anyAge')}</option>
                {AGES.filter((age) => age >= minAge).map((age) => (
                  <option key={age} value={age}>
                    {age}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offered.includes('max_age') && (
            <div className="col-6 col-md-3 col-lg-2">
              <label htmlFor="search-max-age" className="form-label fw-semibold">
                {t('filters.maxAge')}
              </label>
              <select
                id="search-max-age"
                className="form-select"
                value={draft.max_age ?? ''}
                onChange={(event) => set({ max_age: ageValue(event.target.value) })}
              >
                <option value="">{t('filters.anyAge')}</option>
                {AGES.filter((age) => age >= minAge).map((age) => (
                  <option key={age} value={age}>
                    {age}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="submit" className="btn btn-primary px-4">
            {t('filters.search')}
          </button>
          <button type="button" className="btn btn-outline-dark" onClick={onClear}>
            {t('filters.clear')}
          </button>
        </div>
      </div>
    </form>
  );
}
