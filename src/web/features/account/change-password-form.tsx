import type { FormEvent } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useEndpointMutation } from '@web/api/user-mutations';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { NewPasswordFields } from '@web/components/new-password-fields';
import { accountApi } from '@web/api/endpoints';

/** Password change: every other session of the member ends (DESIGN.md §5). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useEndpointMutation(accountApi.changePassword);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    change.mutate(
      {
        current_password: String(data.get('current_password') ?? ''),
        password: String(data.get('password') ?? ''),
        password_confirmation: String(data.get('password_confirmation') ?? ''),
      },
      { onSuccess: () => form.reset() },
    );
  }

  const fields = fieldErrorTexts(t, change.error);
  const message = apiErrorText(t, change.error);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-labelledby="change-password-heading"
    >
      <h2 id="change-password-heading" className="h5">
        {t('settings.passwordTitle')}
      </h2>
      <FormAlert variant="success">{change.isSuccess && t('settings.passwordChanged')}</FormAlert>
      <FormAlert variant="danger">{message}</FormAlert>
      <FormField
        id="current-password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        label={t('settings.currentPassword')}
        required
      />
      <NewPasswordFields idPrefix="settings-new" errors={fields} />
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {t('settings.passwordSubmit')}
      </button>
    </form>
  );
}
