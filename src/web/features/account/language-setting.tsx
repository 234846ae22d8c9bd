import { LOCALES, LOCALE_NAMES, type Locale } from '@contract/locales';
import { useChangeLocale } from '@web/i18n/use-change-locale';
import { useTranslation } from '@web/i18n/use-translation';

/** The language of the site and of the member's e-mails (the same one as the top menu's). */
export function LanguageSetting() {
  const { t, i18n } = useTranslation('account-settings');
  const changeLocale = useChangeLocale();
  return (
    <section className="card border-0 shadow-sm p-3 p-md-4" aria-labelledby="language-heading">
      <h2 id="language-heading" className="h5">
        {t('language.title')}
      </h2>
      <label htmlFor="settings-language" className="form-label">
        {t('language.label')}
      </label>
      <select
        id="settings-language"
        className="form-select"
        value={i18n.language}
        onChange={(event) => void changeLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </section>
  );
}
