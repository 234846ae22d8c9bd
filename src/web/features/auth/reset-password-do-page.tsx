import type { FormEvent } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '@contract/routes';
import { useEndpointMutation } from '@web/api/user-mutations';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { NewPasswordFields } from '@web/components/new-password-fields';
import { useDocumentTitle } from '@web/components/use-document-title';
import { accountApi } from '@web/api/endpoints';

/** /reset-password/do?token=…: the new password, twice (spec §5). */
export function ResetPasswordDoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useEndpointMutation(accountApi.resetPassword);
  useDocumentTitle(t('resetDo.title'));
  const token = params.get('token') ?? '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    reset.mutate({
      token,
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
    });
  }

  const fields = fieldErrorTexts(t, reset.error);
  const message =
    apiErrorText(t, reset.error) ?? (fields.token ? t('errors.link_invalid') : undefined);
  return (
    <section className="container py-5" style={{ maxWidth: '28rem' }}>
      <h1 className="h2 mb-4">{t('resetDo.title')}</h1>
      {reset.isSuccess ? (
        <div className="alert alert-success" role="status">
          {t('resetDo.done')} <Link to={pathFor('login')}>{t('nav.login')}</Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="card border-0 shadow-sm p-3 p-md-4"
          aria-label={t('resetDo.title')}
        >
          {message && (
            <div className="alert alert-danger" role="alert">
              {message}{' '}
              {reset.error && !fields.password && !fields.password_confirmation && (
                <Link to={pathFor('reset-password')}>{t('resetDo.requestNew')}</Link>
              )}
            </div>
          )}
          <NewPasswordFields idPrefix="new" errors={fields} />
          <button type="submit" className="btn btn-primary w-100" disabled={reset.isPending}>
            {t('resetDo.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
