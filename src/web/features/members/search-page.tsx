import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { SEARCH_COUNT_CAP } from '@contract/discovery-limits';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { ownProfileQuery } from '@web/api/own-profile-query';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from '@web/components/api-error-text';
import { LoadMore } from '@web/components/load-more';
import { PageSpinner } from '@web/components/page-spinner';
import { ProfileCard } from '@web/components/profile-card';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useSite } from '@web/components/site-context';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useMediaQuery } from '@web/components/use-media-query';
import { FiltersSheet } from './filters-sheet';
import { searchQuery } from './search-api';
import {
  type SearchFilters,
  countFilters,
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  hasChosenFilters,
} from './search-filters';
import { SearchForm } from './search-form';
import { queryKeys } from '@web/api/query-keys';
import './search-page.scss';

/** From Bootstrap's lg up the filters sit beside the results; below it they wait in a sheet. */
const SIDEBAR_QUERY = '(min-width: 992px)';

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
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
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
    setSheetOpen(false);
  }

  function clear() {
    // spec §4: the appended pages are cleared; the search starts again from the defaults.
    queryClient.removeQueries({ queryKey: queryKeys.search.all });
    setParams(new URLSearchParams());
    setSheetOpen(false);
    window.scrollTo({ top: 0 });
  }

  const needsAccount =
    search.error instanceof ApiError && search.error.code === 'authentication_required';
  const firstPage = search.data?.pages[0];
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  const similar = firstPage?.similar ?? [];
  // Shown once the defaults are known: a form that changed under the member's hands would
  // drop what they had chosen.
  const filtersShown = defaultsReady && !needsAccount;
  const form = (
    <SearchForm
      // A new search (or Clear, or the back button) starts the form from its filters.
      key={JSON.stringify(filters)}
      filters={filters}
      onSearch={apply}
      onClear={clear}
    />
  );

  const resultsView = !defaultsReady ? (
    <PageSpinner key="defaults" />
  ) : needsAccount ? (
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
  );

  // issue 32 item 4: results first. On a phone the filters wait behind one button that says
  // how many are set; from lg up they sit beside the results, as a sidebar.
  return (
    <section className="container py-3 py-md-5">
      <div className="search-heading-row d-flex align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t('title')}</h1>
        {!wide && filtersShown && (
          <button
            type="button"
            className="btn btn-outline-secondary text-nowrap"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            {countFilters(filters) > 0
              ? t('filters.openCount', { n: countFilters(filters) })
              : t('filters.open')}
          </button>
        )}
      </div>
      <div className="row g-4">
        {wide && !needsAccount && (
          <div className="col-lg-4 col-xl-3">
            <div className="search-sidebar card border-0 shadow-sm">
              <div className="card-body">{filtersShown && form}</div>
            </div>
          </div>
        )}
        <div className={wide && !needsAccount ? 'col-lg-8 col-xl-9' : 'col-12'}>{resultsView}</div>
      </div>
      {!wide && filtersShown && (
        <FiltersSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
          {form}
        </FiltersSheet>
      )}
    </section>
  );
}

function CardGrid({ cards }: { cards: DiscoveryCard[] }) {
  return (
    // Beside the sidebar from lg up: three columns there, four on the widest screens.
    <ul className="row row-cols-2 row-cols-md-3 row-cols-xxl-4 g-2 g-md-3 list-unstyled mb-0">
      {cards.map((card) => (
        <li key={card.id} className="col">
          <ProfileCard profile={card} />
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
