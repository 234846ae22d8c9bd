import type { FormEvent } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useEndpointMutation } from '@web/api/user-mutations';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { useDocumentTitle } from '@web/components/use-document-title';
import { accountApi } from '@web/api/endpoints';

/** /reset-password: ask for a reset link by e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const request = useEndpointMutation(accountApi.requestPasswordReset);
  useDocumentTitle(t('reset.title'));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: String(new FormData(event.currentTarget).get('email') ?? '') });
  }

  const message = apiErrorText(t, request.error);
  return (
    <section className="container py-5" style={{ maxWidth: '28rem' }}>
      <h1 className="h2 mb-2">{t('reset.title')}</h1>
      <p className="text-body-secondary">{t('reset.intro')}</p>
      {request.isSuccess ? (
        <div className="alert alert-success" role="status">
          {t('reset.sent')}
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="card border-0 shadow-sm p-3 p-md-4"
          aria-label={t('reset.title')}
        >
          <FormAlert variant="danger">{message}</FormAlert>
          <FormField
            id="reset-email"
            name="email"
            type="email"
            autoComplete="email"
            label={t('login.email')}
            required
          />
          <button type="submit" className="btn btn-primary w-100" disabled={request.isPending}>
            {t('reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
