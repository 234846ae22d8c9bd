import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { LOCALES, LOCALE_NAMES, type Locale, isLocale } from '@contract/locales';
import { queryKeys } from '@web/api/query-keys';
import { countryName } from '@web/components/country-name';
import { FormAlert } from '@web/components/form-alert';
import { useSite } from '@web/components/site-context';
import { useDocumentTitle } from '@web/components/use-document-title';
import { writeCountryCookie } from '@web/i18n/locale-cookie';
import { useChangeLocale } from '@web/i18n/use-change-locale';

/**
 * /lang-config (spec §2): the language and the country, for visitors and members alike. The
 * language is saved as the language menu saves it (the locale cookie for 365 days, spec §9,
 * and for a member also on the account: PUT user.php, spec §7); the country in its own cookie
 * for as long, which settings.php reads as the visitor's country (docs/decisions.md).
 */
export function LangConfigPage() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const queryClient = useQueryClient();
  const changeLocale = useChangeLocale();
  const [language, setLanguage] = useState<Locale>(
    isLocale(i18n.language) ? i18n.language : LOCALES[0],
  );
  const [country, setCountry] = useState(site.geoip_selected_country);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useDocumentTitle(t('langConfig.title'));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setSaved(false);
    writeCountryCookie(country);
    await changeLocale(language);
    // The settings in the new language come back with the chosen country.
    await queryClient.invalidateQueries({ queryKey: queryKeys.settings(language) });
    setSaving(false);
    setSaved(true);
  }

  const countries = [...site.countries].sort((a, b) =>
    countryName(a, i18n.language).localeCompare(countryName(b, i18n.language), i18n.language),
  );
  return (
    <section className="container py-5" style={{ maxWidth: '34rem' }}>
      <h1 className="h2 mb-2">{t('langConfig.title')}</h1>
      <p className="text-body-secondary mb-4">{t('langConfig.intro')}</p>
      <form
        onSubmit={(event) => void save(event)}
        className="card border-0 shadow-sm p-3 p-md-4"
        aria-label={t('langConfig.title')}
      >
        <FormAlert variant="success">{saved ? t('langConfig.saved') : undefined}</FormAlert>
        <fieldset className="mb-3">
          <legend className="form-label fw-semibold fs-6">{t('langConfig.language')}</legend>
          <div className="row row-cols-1 row-cols-sm-2 g-1">
            {LOCALES.map((locale) => (
              <div className="col" key={locale}>
                <div className="form-check">
                  <input
                    className="form-check-input"
                    type="radio"
                    name="language"
                    id={`language-${locale}`}
                    value={locale}
                    checked={language === locale}
                    onChange={() => setLanguage(locale)}
                  />
                  <label className="form-check-label" htmlFor={`language-${locale}`} lang={locale}>
                    {LOCALE_NAMES[locale]}
                  </label>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        {countries.length > 1 && (
          <div className="mb-4">
            <label htmlFor="lang-config-country" className="form-label fw-semibold">
              {t('langConfig.region')}
            </label>
            <select
              id="lang-config-country"
              className="form-select"
              value={country}
              onChange={(event) => setCountry(event.target.value)}
              aria-describedby="lang-config-country-hint"
            >
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, i18n.language)}
                </option>
              ))}
            </select>
            <div id="lang-config-country-hint" className="form-text">
              {t('langConfig.regionHint')}
            </div>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={saving}>
          {t('langConfig.save')}
        </button>
      </form>
    </section>
  );
}
