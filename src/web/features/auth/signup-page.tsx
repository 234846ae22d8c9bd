import { useTranslation } from '@web/i18n/use-translation';
import { Navigate, useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useSite } from '@web/components/site-context';
import { useDocumentTitle } from '@web/components/use-document-title';
import { SignupForm } from '@web/components/signup-form';

/** /signup: the signup form as a page. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSite();
  const { user } = useUser();
  useDocumentTitle(t('signup.title'));
  if (user) return <Navigate to={pathFor('signup-matches')} replace />;
  return (
    <section className="container py-5" style={{ maxWidth: '32rem' }}>
      <h1 className="h2 mb-2">{t('signup.title')}</h1>
      <p className="text-body-secondary mb-4">{t('signup.intro', { siteName: site.name })}</p>
      <div className="card border-0 shadow-sm p-3 p-md-4">
        <SignupForm
          onSignedUp={() => void navigate(pathFor('signup-matches'))}
          onLoginInstead={() => void navigate(pathFor('login'))}
        />
      </div>
    </section>
  );
}
