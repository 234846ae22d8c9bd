import { ApiError } from '@web/api/api-error';
import { useTranslation } from '@web/i18n/use-translation';

/** A failed console action, in words: the error code's text (common `errors.*`). */
export function BusinessError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : 'internal_error';
  const field = error instanceof ApiError ? Object.values(error.answer.fields ?? {})[0] : undefined;
  return (
    <p className="text-danger small mb-2" role="alert">
      {t(`errors.${code}`)}
      {field ? ` (${field})` : ''}
    </p>
  );
}
