import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { accountApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { PageSpinner } from '@web/components/page-spinner';
import { ProfileCard } from '@web/components/profile-card';
import { useDocumentTitle } from '@web/components/use-document-title';
import { RequireLogin } from '@web/components/require-login';
import { queryKeys } from '@web/api/query-keys';

/** /signup-matches: members suggested right after signup (spec §2). */
export function SignupMatchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('signupMatches.title'));
  const { data: profiles, isPending } = useQuery({
    queryKey: queryKeys.signupMatches,
    queryFn: ({ signal }) =>
      callApi(accountApi.signupMatches, { signal }).then((answer) => answer.profiles),
  });
  return (
    <RequireLogin>
      <section className="container py-5">
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
          <div>
            <h1 className="h2 mb-1">{t('signupMatches.title')}</h1>
            <p className="text-body-secondary mb-0">{t('signupMatches.intro')}</p>
          </div>
          <Link to={pathFor('complete-signup')} className="btn btn-primary btn-lg">
            {t('signupMatches.continue')}
          </Link>
        </div>
        {isPending && <PageSpinner />}
        {profiles && profiles.length === 0 && <p>{t('signupMatches.none')}</p>}
        <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled">
          {profiles?.map((profile) => (
            <li key={profile.id} className="col">
              <ProfileCard profile={profile} />
            </li>
          ))}
        </ul>
      </section>
    </RequireLogin>
  );
}
