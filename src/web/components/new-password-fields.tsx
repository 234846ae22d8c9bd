import { useTranslation } from '@web/i18n/use-translation';
import { FormField } from './form-field';

/** A new password typed twice (spec §5: 'De opgegeven wachtwoorden zijn niet gelijk.'). */
export function NewPasswordFields({
  idPrefix,
  errors,
}: {
  idPrefix: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('resetDo.password')}
        hint={t('signup.passwordHint')}
        error={errors.password}
        required
      />
      <FormField
        id={`${idPrefix}-password-confirmation`}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('resetDo.passwordAgain')}
        error={errors.password_confirmation}
        required
      />
    </>
  );
}
