import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { Icon } from '@web/components/icons';
import { useDocumentTitle } from '@web/components/use-document-title';

/** /activate/done: the e-mail address is confirmed. */
export function ActivateDonePage() {
  const { t } = useTranslation();
  const { user } = useUser();
  useDocumentTitle(t('activate.doneTitle'));
  return (
    <section className="container py-5 text-center" style={{ maxWidth: '36rem' }}>
      <span className="text-success d-inline-block mb-3">
        <Icon name="check" size={56} />
      </span>
      <h1 className="h2">{t('activate.doneTitle')}</h1>
      <p className="lead text-body-secondary">{t('activate.doneText')}</p>
      <Link to={user ? pathFor('index') : pathFor('login')} className="btn btn-primary btn-lg">
        {user ? t('activate.continue') : t('nav.login')}
      </Link>
    </section>
  );
}

/** /activate/error: the link was used, expired or broken. */
export function ActivateErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('activate.errorTitle'));
  return (
    <section className="container py-5 text-center" style={{ maxWidth: '36rem' }}>
      <h1 className="h2">{t('activate.errorTitle')}</h1>
      <p className="lead text-body-secondary">{t('activate.errorText')}</p>
      <Link to={pathFor('login')} className="btn btn-primary">
        {t('nav.login')}
      </Link>
    </section>
  );
}
