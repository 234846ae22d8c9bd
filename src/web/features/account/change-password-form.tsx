import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOkMutation } from '@web/api/user-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormField } from '@web/components/form-field';

interface PasswordBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Password change: every other session of the member ends (DESIGN.md §5). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useOkMutation<PasswordBody>('/api/password.php', 'PUT');

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
      {change.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('settings.passwordChanged')}
        </div>
      )}
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      <FormField
        id="current-password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        label={t('settings.currentPassword')}
        required
      />
      <FormField
        id="settings-new-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('resetDo.password')}
        hint={t('signup.passwordHint')}
        error={fields.password}
        required
      />
      <FormField
        id="settings-new-password-confirmation"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('resetDo.passwordAgain')}
        error={fields.password_confirmation}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {t('settings.passwordSubmit')}
      </button>
    </form>
  );
}
