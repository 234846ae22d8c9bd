import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { SEARCH_COUNT_CAP } from '@contract/discovery-limits';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { ownProfileQuery } from '@web/api/own-profile-query';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from '@web/components/api-error-text';
import { LikeButton } from '@web/components/like-button';
import { MessageButton } from '@web/components/message-button';
import { LoadMore } from '@web/components/load-more';
import { PageSpinner } from '@web/components/page-spinner';
import { CardActions, ProfileCard } from '@web/components/profile-card';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useSite } from '@web/components/site-context';
import { useDocumentTitle } from '@web/components/use-document-title';
import { searchQuery } from './search-api';
import {
  type SearchFilters,
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  hasChosenFilters,
} from './search-filters';
import { SearchForm } from './search-form';
import { queryKeys } from '@web/api/query-keys';

/** /members: search members by the site's filters (spec §2 members, §3 search state, §4). */
export function SearchPage() {
  const { t, i18n } = useTranslation('members');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('title'));
  const { user, isLoading: userLoading } = useUser();
  const site = useSite();
  const offered = site.search_fields;
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const chosen = hasChosenFilters(params);
  const { data: ownProfile, isError: ownProfileFailed } = useQuery({
    ...ownProfileQuery,
    enabled: Boolean(user) && !chosen,
  });
  // Until the member chooses, the search starts from their own profile (spec §3).
  const defaultsReady =
    !userLoading && (chosen || !user || Boolean(ownProfile) || ownProfileFailed);
  const filters: SearchFilters = chosen
    ? filtersFromParams(params, offered)
    : defaultFilters(ownProfile, offered);

  const search = useInfiniteQuery({
    ...searchQuery(filters),
    enabled: defaultsReady,
  });

  function apply(next: SearchFilters) {
    setParams(filtersToParams(next, offered));
  }

  function clear() {
    // spec §4: the appended pages are cleared; the search starts again from the defaults.
    queryClient.removeQueries({ queryKey: queryKeys.search.all });
    setParams(new URLSearchParams());
    window.scrollTo({ top: 0 });
  }

  const needsAccount =
    search.error instanceof ApiError && search.error.code === 'authentication_required';
  const firstPage = search.data?.pages[0];
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  const similar = firstPage?.similar ?? [];

  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-3">{t('title')}</h1>
      {/* Shown once the defaults are known: a form that changed under the member's hands
          would drop what they had chosen. */}
      {/* Until the defaults are known one spinner stands where the form will be; the
          results' spinner below is another element, so nothing on screen is pushed down
          when the form arrives (issue 25 item 6: CLS). */}
      {!defaultsReady && <PageSpinner key="defaults" />}
      {!needsAccount && defaultsReady && (
        <SearchForm
          // A new search (or Clear, or the back button) starts the form from its filters.
          key={JSON.stringify(filters)}
          filters={filters}
          onSearch={apply}
          onClear={clear}
        />
      )}
      {!defaultsReady ? null : needsAccount ? (
        <VisitorPrompt />
      ) : search.isError ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{apiErrorText(tCommon, search.error)}</span>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void search.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : !firstPage ? (
        <PageSpinner key="results" />
      ) : (
        <>
          <p className="fw-semibold mb-3" role="status">
            {firstPage.numResultsCapped
              ? t('results.capped', { shown: SEARCH_COUNT_CAP.toLocaleString(i18n.language) })
              : t('results.count', {
                  count: firstPage.numResults,
                  shown: firstPage.numResults.toLocaleString(i18n.language),
                })}
          </p>
          {results.length === 0 && (
            <div className="text-center py-4 px-3 bg-body-tertiary rounded-3 mb-4">
              <p className="fs-5 fw-semibold mb-1">{t('results.empty')}</p>
              <p className="text-body-secondary mb-3">{t('results.emptyHint')}</p>
              <button type="button" className="btn btn-outline-primary" onClick={clear}>
                {t('filters.clear')}
              </button>
            </div>
          )}
          {results.length > 0 && (
            <section aria-labelledby="results-heading">
              <h2 id="results-heading" className="visually-hidden">
                {t('results.heading')}
              </h2>
              <CardGrid cards={results} />
              <LoadMore
                hasMore={search.hasNextPage}
                loading={search.isFetchingNextPage}
                onMore={() => void search.fetchNextPage()}
                label={t('results.more')}
              />
            </section>
          )}
          {similar.length > 0 && (
            <section aria-labelledby="similar-heading" className="mt-4 pt-4 border-top">
              <h2 id="similar-heading" className="h4 mb-1">
                {t('similar.heading')}
              </h2>
              <p className="text-body-secondary mb-3">{t('similar.intro')}</p>
              <CardGrid cards={similar} />
            </section>
          )}
        </>
      )}
    </section>
  );
}

function CardGrid({ cards }: { cards: DiscoveryCard[] }) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0">
      {cards.map((card) => (
        <li key={card.id} className="col">
          <ProfileCard
            profile={card}
            action={
              // issue 25 item 8: one clear primary action; the like is the heart beside it.
              <CardActions
                primary={<MessageButton profile={card} size="sm" block />}
                secondary={<LikeButton profile={card} liked={card.liked} size="sm" iconOnly />}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** spec §6: where visitors may not search, they are invited to sign up instead. */
function VisitorPrompt() {
  const { t } = useTranslation('members');
  return (
    <div className="text-center py-5 px-3 bg-body-tertiary rounded-3">
      <h2 className="h4">{t('visitor.title')}</h2>
      <p className="text-body-secondary mb-4">{t('visitor.text')}</p>
      <div className="d-flex justify-content-center flex-wrap gap-2">
        <button type="button" className="btn btn-pink px-4" onClick={() => openSignupModal()}>
          {t('visitor.signup')}
        </button>
        <Link to={pathFor('login')} className="btn btn-outline-primary px-4">
          {t('visitor.login')}
        </Link>
      </div>
    </div>
  );
}
