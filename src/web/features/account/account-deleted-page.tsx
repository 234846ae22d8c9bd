import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { KEPT_THROUGH_LOGOUT } from '@web/api/query-keys';
import { userQuery } from '@web/api/user-api';
import { pathFor } from '@contract/routes';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';

/** spec §2 account-deleted: where a member lands after deleting, with the way back (§9). */
export function AccountDeletedPage() {
  const { t } = useTranslation('account-settings');
  useDocumentTitle(t('deleted.title'));
  const queryClient = useQueryClient();
  // The deletion ended every session: who is logged in is asked again (nobody, so the page
  // shows as to a visitor), and nothing of the member stays cached in this tab.
  useEffect(() => {
    void queryClient.fetchQuery({ ...userQuery, staleTime: 0 }).then((user) => {
      if (!user)
        queryClient.removeQueries({
          predicate: (query) => !KEPT_THROUGH_LOGOUT.includes(String(query.queryKey[0])),
        });
    });
  }, [queryClient]);
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
