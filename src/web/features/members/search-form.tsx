import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { SEARCH_AGE } from '@contract/discovery-limits';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import { regionsQuery } from '@web/api/site-api';
import { countryName } from '@web/components/country-name';
import { useSite } from '@web/components/site-context';
import { FilterSelect } from './filter-select';
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

/**
 * The search filters the site offers (settings search_fields), applied with "Search". One
 * column of fields, the two ages side by side: the same form in the desktop's sidebar and in
 * the phone's sheet (issue 32 item 4).
 */
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
  const ageOptions = AGES.filter((age) => age >= minAge).map((age) => ({
    value: age,
    label: String(age),
  }));

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
    <form aria-label={t('filters.label')} onSubmit={submit}>
      <div className="row g-3 align-items-end">
        {offered.includes('gender') && (
          <FilterSelect
            id="search-gender"
            columnClass="col-12"
            label={t('filters.gender')}
            anyLabel={t('filters.anyGender')}
            value={draft.gender}
            options={PROFILE_OPTIONS.gender.map((gender) => ({
              value: gender,
              label: t(`filters.genders.${gender}`),
            }))}
            onChange={(value) => set({ gender: (value || undefined) as SearchFilters['gender'] })}
          />
        )}
        {offered.includes('country') && (
          <FilterSelect
            id="search-country"
            columnClass="col-12"
            label={t('filters.country')}
            anyLabel={t('filters.anyCountry')}
            value={draft.country}
            options={countries.map((code) => ({
              value: code,
              label: countryName(code, i18n.language),
            }))}
            onChange={(value) => set({ country: value || undefined, countryregion: undefined })}
          />
        )}
        {offered.includes('countryregion') && offered.includes('country') && (
          <FilterSelect
            id="search-region"
            columnClass="col-12"
            label={t('filters.region')}
            anyLabel={t('filters.anyRegion')}
            value={draft.countryregion}
            disabled={countryRegions.length === 0}
            options={countryRegions.map((region) => ({ value: region.code, label: region.name }))}
            onChange={(value) => set({ countryregion: value || undefined })}
          />
        )}
        {offered.includes('min_age') && (
          <FilterSelect
            id="search-min-age"
            columnClass="col-6"
            label={t('filters.minAge')}
            anyLabel={t('filters.anyAge')}
            value={draft.min_age}
            options={ageOptions}
            onChange={(value) => set({ min_age: ageValue(value) })}
          />
        )}
        {offered.includes('max_age') && (
          <FilterSelect
            id="search-max-age"
            columnClass="col-6"
            label={t('filters.maxAge')}
            anyLabel={t('filters.anyAge')}
            value={draft.max_age}
            options={ageOptions}
            onChange={(value) => set({ max_age: ageValue(value) })}
          />
        )}
      </div>
      <div className="d-flex gap-2 mt-4">
        <button type="submit" className="btn btn-primary flex-grow-1">
          {t('filters.search')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}
