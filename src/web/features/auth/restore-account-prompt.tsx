import { useTranslation } from '@web/i18n/use-translation';
import { useUserMutation } from '@web/api/user-mutations';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { accountDeletionApi } from '@web/api/endpoints';
import { browserTimeZone } from '@contract/time-zone';

/**
 * spec §9: a login to an account deleted less than 14 days ago offers to restore it
 * (the login answered account_deleted_restorable). Restoring logs the member in.
 */
export function RestoreAccountPrompt({
  credentials,
  onRestored,
}: {
  credentials: { email: string; password: string };
  onRestored: () => void;
}) {
  const { t } = useTranslation('account-settings');
  const { t: tCommon } = useTranslation();
  const restore = useUserMutation(accountDeletionApi.restoreAccount);
  return (
    <div className="alert alert-warning" role="alert">
      <h2 className="h5">{t('restore.title')}</h2>
      <p>{t('restore.text')}</p>
      <FormAlert variant="danger">{apiErrorText(tCommon, restore.error)}</FormAlert>
      <button
        type="button"
        className="btn btn-primary"
        disabled={restore.isPending}
        onClick={() =>
          restore.mutate(
            { ...credentials, time_zone: browserTimeZone() },
            { onSuccess: onRestored },
          )
        }
      >
        {t('restore.submit')}
      </button>
    </div>
  );
}
