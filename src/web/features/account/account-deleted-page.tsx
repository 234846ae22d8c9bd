import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';

/** spec §2 account-deleted: where a member lands after deleting, with the way back (§9). */
export function AccountDeletedPage() {
  const { t } = useTranslation('account-settings');
  useDocumentTitle(t('deleted.title'));
  return (
    <section className="container py-5 text-center" style={{ maxWidth: '36rem' }}>
      <h1 className="h2 mb-3">{t('deleted.title')}</h1>
      <p className="lead">{t('deleted.text')}</p>
      <p>{t('deleted.undo')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
        <Link to={pathFor('login')} className="btn btn-primary">
          {t('deleted.login')}
        </Link>
        <Link to={pathFor('index')} className="btn btn-outline-secondary">
          {t('deleted.home')}
        </Link>
      </div>
    </section>
  );
}
