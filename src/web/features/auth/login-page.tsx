import { type FormEvent, useState } from 'react';
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
import { RestoreAccountPrompt } from './restore-account-prompt';
import { SiteEntryWarning } from './site-entry-warning';
import { ApiError } from '@web/api/api-error';
import { browserTimeZone } from '@contract/time-zone';

/** /login: spec §8 'Login mislukt, probeer opnieuw' and the lockout message with minutes. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useUser();
  const login = useUserMutation(authApi.logIn);
  // What was typed, for the restore of a deleted account (issue 31 item 7) to send again.
  const [typed, setTyped] = useState({ email: '', password: '' });
  const [restored, setRestored] = useState(false);
  useDocumentTitle(t('login.title'));
  if (user && !login.isSuccess && !restored) return <Navigate to={pathFor('members')} replace />;
  const restorable =
    login.error instanceof ApiError && login.error.code === 'account_deleted_restorable';
  const loggedIn = () => {
    // Whoever used this tab before may have left drafts (issue 23 item 9).
    forgetChatDrafts();
    void navigate(pathFor('members'));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const credentials = {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    setTyped(credentials);
    login.mutate(
      // The member's day in the swipe game ends at their own midnight (spec §9).
      { ...credentials, time_zone: browserTimeZone() },
      { onSuccess: loggedIn },
    );
  }

  const message = restorable ? undefined : apiErrorText(t, login.error);
  return (
    <section className="container py-5" style={{ maxWidth: '28rem' }}>
      <h1 className="h2 mb-4">{t('login.title')}</h1>
      {restorable && (
        <RestoreAccountPrompt
          credentials={typed}
          onRestored={() => {
            setRestored(true);
            loggedIn();
          }}
        />
      )}
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
