import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { accountQuery } from '@web/api/user-api';
import { useEndpointMutation } from '@web/api/user-mutations';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { accountApi } from '@web/api/endpoints';

/** E-mail change: a confirmation link goes to the new address (spec §5 errors). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { data: account } = useQuery(accountQuery);
  const change = useEndpointMutation(accountApi.changeEmail);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    change.mutate({
      new_email: String(data.get('new_email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  }

  const fields = fieldErrorTexts(t, change.error);
  const message = apiErrorText(t, change.error);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-labelledby="change-email-heading"
    >
      <h2 id="change-email-heading" className="h5">
        {t('settings.emailTitle')}
      </h2>
      {account && (
        <p className="text-body-secondary">
          {t('settings.currentEmail', { email: account.email })}
        </p>
      )}
      <FormAlert variant="success">{change.isSuccess && t('settings.emailSent')}</FormAlert>
      <FormAlert variant="danger">{message}</FormAlert>
      <FormField
        id="new-email"
        name="new_email"
        type="email"
        autoComplete="email"
        label={t('settings.newEmail')}
        error={fields.new_email}
        required
      />
      <FormField
        id="email-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('settings.currentPassword')}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {t('settings.emailSubmit')}
      </button>
    </form>
  );
}
