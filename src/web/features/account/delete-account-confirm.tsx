import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { forgetChatDrafts } from '@web/api/chat-drafts';
import { accountDeletionApi } from '@web/api/endpoints';
import { KEPT_THROUGH_LOGOUT, queryKeys } from '@web/api/query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { useTranslation } from '@web/i18n/use-translation';

/** The last step: the password, then the account is deleted and the member logged out. */
export function DeleteAccountConfirm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account-settings');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (password: string) =>
      callApi(accountDeletionApi.deleteAccount, { body: { password } }),
    onSuccess: async () => {
      // As a logout: nothing of the member stays in this tab.
      forgetChatDrafts();
      await navigate(pathFor('account-deleted'), { replace: true });
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({
        predicate: (query) => !KEPT_THROUGH_LOGOUT.includes(String(query.queryKey[0])),
      });
    },
  });

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
