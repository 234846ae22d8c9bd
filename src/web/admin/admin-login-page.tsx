import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { staffApi } from './admin-api';

/** /admin/login: password and the authenticator's code (or a recovery code), in one step. */
export function AdminLoginPage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(t('admin.login.title'));
  const login = useMutation({
    mutationFn: (body: { email: string; password: string; code: string }) =>
      callApi(staffApi.logIn, { body }),
    onSuccess: ({ staff }) => {
      queryClient.setQueryData(adminKeys.me, staff);
      void navigate('/admin/inbox');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.mutate({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      code: String(data.get('code') ?? ''),
    });
  }

  return (
    <main id="content" className="admin-console justify-content-center align-items-center">
      <form
        noValidate
        onSubmit={submit}
        className="card border-0 shadow-sm p-4"
        style={{ width: '24rem' }}
        aria-label={t('admin.login.title')}
      >
        <h1 className="h4 mb-3">{t('admin.login.title')}</h1>
        <FormAlert variant="danger">{apiErrorText(t, login.error)}</FormAlert>
        <FormField
          id="admin-email"
          name="email"
          type="email"
          autoComplete="username"
          label={t('admin.login.email')}
          required
        />
        <FormField
          id="admin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('admin.login.password')}
          required
        />
        <FormField
          id="admin-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={t('admin.login.code')}
          hint={t('admin.login.codeHint')}
          required
        />
        <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
          {t('admin.login.submit')}
        </button>
      </form>
    </main>
  );
}
