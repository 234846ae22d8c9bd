import type { TFunction } from '@locales/translate';
import { ApiError } from '@web/api/api-error';

/** The translated text for a failed call: its stable code under errors.<code>. */
export function apiErrorText(t: TFunction, error: unknown): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.code === 'validation_failed' && error.answer.fields) return undefined;
  return t(`errors.${error.code}`, {
    minutes: error.answer.minutes,
    defaultValue: t('errors.generic'),
  });
}

/** Field codes of a validation_failed answer, translated, by field name. */
export function fieldErrorTexts(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.answer.fields) return {};
  return Object.fromEntries(
    Object.entries(error.answer.fields).map(([field, code]) => [
      field,
      t(`errors.${code}`, { defaultValue: t('errors.invalid_value') }),
    ]),
  );
}
