import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { regionsQuery } from '@web/api/site-api';
import { useSite } from '@web/components/site-context';
import { countryName } from './country-name';

interface CountryRegionFieldsProps {
  idPrefix: string;
  country: string;
  /** A new country clears the region: regions belong to one country. */
  onCountryChange: (country: string) => void;
  region: string | null;
  onRegionChange: (region: string | null) => void;
  regionError?: string | undefined;
}

/**
 * Country (the site's countries, in the visitor's language) and its regions (regions.php).
 * Both selects are controlled: the regions arrive after the form renders, and an uncontrolled
 * select keeps the blank option its default value could not find, so saving the form again
 * would erase the member's region (issue 7 §5.1).
 */
export function CountryRegionFields({
  idPrefix,
  country,
  onCountryChange,
  region,
  onRegionChange,
  regionError,
}: CountryRegionFieldsProps) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const { data: regions } = useQuery(regionsQuery);
  const countries = [...site.countries].sort((a, b) =>
    countryName(a, i18n.language).localeCompare(countryName(b, i18n.language), i18n.language),
  );
  return (
    <div className="row">
      <div className="col-sm-6 mb-3">
        <label htmlFor={`${idPrefix}-country`} className="form-label fw-semibold">
          {t('completeSignup.country')}
        </label>
        <select
          id={`${idPrefix}-country`}
          className="form-select"
          value={country}
          onChange={(event) => {
            onCountryChange(event.target.value);
            onRegionChange(null);
          }}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6 mb-3">
        <label htmlFor={`${idPrefix}-region`} className="form-label fw-semibold">
          {t('completeSignup.region')}
        </label>
        <select
          id={`${idPrefix}-region`}
          className={`form-select${regionError ? ' is-invalid' : ''}`}
          value={region ?? ''}
          onChange={(event) => onRegionChange(event.target.value || null)}
          aria-busy={regions ? undefined : true}
        >
          <option value="">{t('completeSignup.noRegion')}</option>
          {(regions?.[country] ?? []).map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {regionError && <div className="invalid-feedback">{regionError}</div>}
      </div>
    </div>
  );
}
