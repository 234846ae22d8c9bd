import { type FormEvent, useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { forgetChatDrafts } from '@web/api/chat-drafts';
import { accountDeletionApi } from '@web/api/endpoints';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { useTranslation } from '@web/i18n/use-translation';

/** Names the deletion while it runs: the settings page then knows a logout is this one. */
export const ACCOUNT_DELETION_KEY = ['account-deletion'] as const;

/** The last step: the password, then the account is deleted and the member logged out. */
export function DeleteAccountConfirm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account-settings');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationKey: ACCOUNT_DELETION_KEY,
    mutationFn: (password: string) =>
      callApi(accountDeletionApi.deleteAccount, { body: { password } }),
    onSuccess: () => {
      // As a logout: the drafts go now, the member's cached data on the goodbye page (which
      // asks who is logged in again: nobody).
      forgetChatDrafts();
      void navigate(pathFor('account-deleted'), { replace: true });
    },
  });

  // The goodbye page is loaded before it is needed: the member is logged out the moment the
  // deletion is done, and a page still loading would leave this one (now a visitor's) shown.
  useEffect(() => {
    void import('./account-deleted-page');
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.mutate(String(new FormData(event.currentTarget).get('password') ?? ''));
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="delete-confirm-heading">
      <h3 id="delete-confirm-heading" className="h6">
        {t('confirm.title')}
      </h3>
      <p>{t('confirm.text')}</p>
      <FormAlert variant="danger">{apiErrorText(tCommon, remove.error)}</FormAlert>
      <FormField
        id="delete-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('confirm.password')}
        required
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
          {t('confirm.submit')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
    </form>
  );
}
