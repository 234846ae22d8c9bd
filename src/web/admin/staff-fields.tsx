import { LOCALES, type Locale } from '@contract/locales';
import type { SiteScope } from '@contract/staff';
import { useTranslation } from '@web/i18n/use-translation';

// The staff screens' shared fields (issue 30 item 1): site scope as typed, and languages.

/** "all", or site numbers separated by commas, as typed; undefined when neither. */
export function parseSites(text: string): SiteScope | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'all' || trimmed === '') return 'all';
  const ids = trimmed.split(/[\s,]+/).map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : undefined;
}
export const sitesText = (sites: SiteScope) => (sites === 'all' ? 'all' : sites.join(', '));

/** The languages an operator answers in, as a multiple select; none chosen means all. */
export function LanguageChoice({
  form,
  id,
  value,
  onChange,
}: {
  form?: string;
  id?: string;
  value: Locale[];
  onChange: (languages: Locale[]) => void;
}) {
  const { t } = useTranslation(['admin-profiles']);
  return (
    <select
      id={id}
      form={form}
      multiple
      size={3}
      aria-label={id ? undefined : t('staff.columns.languages')}
      className="form-select form-select-sm"
      value={value}
      onChange={(event) =>
        onChange([...event.target.selectedOptions].map((option) => option.value as Locale))
      }
    >
      {LOCALES.map((code) => (
        <option key={code} value={code}>
          {code.toUpperCase()}
        </option>
      ))}
    </select>
  );
}
