import { LOCALES, type Locale } from '@contract/locales';
import type { SiteTexts } from '@contract/stored-site-settings';
import { useTranslation } from '@web/i18n/use-translation';

// A site's texts per language (issue 30 item 6): one row per language, one column per text.
// A row left wholly empty is a language without its own texts (the site's own or English
// is shown there); a row with any text is stored whole.

const TEXT_KEYS = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
] as const satisfies readonly (keyof SiteTexts)[];

export type TextsDraft = Record<Locale, SiteTexts>;
const EMPTY: SiteTexts = {
  index_title: '',
  description: '',
  fictional_warning: '',
  fictional_singular: '',
  fictional_plural: '',
};

export function textsDraftOf(texts: Partial<Record<Locale, SiteTexts>>): TextsDraft {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, texts[locale] ?? EMPTY]),
  ) as TextsDraft;
}

export function textsOf(draft: TextsDraft): Partial<Record<Locale, SiteTexts>> {
  return Object.fromEntries(
    LOCALES.filter((locale) => TEXT_KEYS.some((key) => draft[locale][key].trim() !== '')).map(
      (locale) => [locale, draft[locale]],
    ),
  );
}

export function SiteTextsTable({
  texts,
  onChange,
  error,
}: {
  texts: TextsDraft;
  onChange: (texts: TextsDraft) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('admin-sites');
  const set = (locale: Locale, key: keyof SiteTexts, value: string) =>
    onChange({ ...texts, [locale]: { ...texts[locale], [key]: value } });
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0 admin-texts-table">
        <thead>
          <tr>
            <th scope="col">{t('sites.texts.language')}</th>
            {TEXT_KEYS.map((key) => (
              <th key={key} scope="col" className="font-monospace fw-normal">
                {key}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LOCALES.map((locale) => (
            <tr key={locale}>
              <th scope="row" className="font-monospace">
                {locale}
              </th>
              {TEXT_KEYS.map((key) => (
                <td key={key}>
                  <input
                    className="form-control form-control-sm"
                    aria-label={`${key} (${locale})`}
                    value={texts[locale][key]}
                    onChange={(event) => set(locale, key, event.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
