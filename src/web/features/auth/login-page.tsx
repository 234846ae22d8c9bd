import type { FormEvent } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, Navigate, useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { forgetChatDrafts } from '@web/api/chat-drafts';
import { useUser } from '@web/api/user-api';
import { useUserMutation } from '@web/api/user-mutations';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useDocumentTitle } from '@web/components/use-document-title';
import { authApi } from '@web/api/endpoints';
import { SiteEntryWarning } from './site-entry-warning';
import { browserTimeZone } from '@contract/time-zone';

/** /login: spec §8 'Login mislukt, probeer opnieuw' and the lockout message with minutes. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useUser();
  const login = useUserMutation(authApi.logIn);
  useDocumentTitle(t('login.title'));
  if (user && !login.isSuccess) return <Navigate to={pathFor('members')} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.mutate(
      {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
        // The member's day in the swipe game ends at their own midnight (spec §9).
        time_zone: browserTimeZone(),
      },
      {
        onSuccess: () => {
          // Whoever used this tab before may have left drafts (issue 23 item 9).
          forgetChatDrafts();
          void navigate(pathFor('members'));
        },
      },
    );
  }

  const message = apiErrorText(t, login.error);
  return (
    <section className="container py-5" style={{ maxWidth: '28rem' }}>
      <h1 className="h2 mb-4">{t('login.title')}</h1>
      <form
        noValidate
        onSubmit={submit}
        className="card border-0 shadow-sm p-3 p-md-4"
        aria-label={t('login.title')}
      >
        <FormAlert variant="danger">{message}</FormAlert>
        <FormField
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          label={t('login.email')}
          required
        />
        <FormField
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('login.password')}
          required
        />
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={login.isPending}>
          {t('login.submit')}
        </button>
        <Link to={pathFor('reset-password')} className="d-block text-center mt-3">
          {t('login.forgotPassword')}
        </Link>
      </form>
      <p className="text-center mt-4">
        {t('login.noAccount')}{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          onClick={() => openSignupModal()}
        >
          {t('login.signupLink')}
        </button>
      </p>
      {/* spec §2: for logged-out visitors only, so not before the session is known. */}
      {!user && !userLoading && <SiteEntryWarning />}
    </section>
  );
}
