import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, NavLink, useParams } from 'react-router';
import { LIKES_TYPES, type LikesType } from '@contract/discovery-limits';
import { pathFor } from '@contract/routes';
import { likesQuery } from '@web/api/likes-query';
import { apiErrorText } from '@web/components/api-error-text';
import { countText } from '@web/components/count-badge';
import { NotFoundPage } from '@web/components/error-page';
import { LoadMore } from '@web/components/load-more';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { likesPageQuery } from './likes-api';
import { LikesEmpty } from './likes-empty';
import { LikesGrid } from './likes-card';

const isLikesType = (value: string | undefined): value is LikesType =>
  (LIKES_TYPES as readonly string[]).includes(value ?? '');

/** The three lists side by side, each with its count from the likes summary. */
function LikesTabs() {
  const { t } = useTranslation('likes');
  const { data: likes } = useQuery(likesQuery);
  const counts: Record<LikesType, number | undefined> = {
    matches: likes?.counts.matches,
    'liked-by': likes?.counts.liked_by,
    liked: likes?.counts.liked,
  };
  return (
    <nav aria-label={t('listsLabel')} className="mb-4">
      <ul className="nav nav-pills flex-wrap gap-1">
        {(['matches', 'liked-by', 'liked'] as const).map((type) => (
          <li key={type} className="nav-item">
            <NavLink to={pathFor('likes-type', { type })} className="nav-link py-1 px-3">
              {t(`sections.${type}`)}
              {counts[type] !== undefined && (
                <span className="badge rounded-pill bg-body-tertiary text-body border ms-2">
                  {countText(counts[type])}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LikesList({ type }: { type: LikesType }) {
  const { t } = useTranslation('likes');
  const { t: tCommon } = useTranslation();
  const list = useInfiniteQuery(likesPageQuery(type));
  if (list.isError && !list.data) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{apiErrorText(tCommon, list.error)}</span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => void list.refetch()}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!list.data) return <PageSpinner />;
  const cards = list.data.pages.flatMap((page) => page.results);
  if (cards.length === 0) return <LikesEmpty type={type} />;
  return (
    <>
      <LikesGrid cards={cards} likedBy={type === 'liked-by'} />
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        label={t('more')}
      />
    </>
  );
}

/** /likes/{type}: one whole list, liked, liked-by or matches (spec §2 likes-type). */
export function LikesListPage() {
  const { t } = useTranslation('likes');
  const { type } = useParams();
  const valid = isLikesType(type);
  useDocumentTitle(valid ? t(`titles.${type}`) : undefined);
  if (!valid) return <NotFoundPage />;
  return (
    <section className="container py-4 py-md-5">
      <Link to={pathFor('likes')} className="d-inline-block mb-2">
        ← {t('allLikes')}
      </Link>
      <h1 className="h2 mb-3">{t(`titles.${type}`)}</h1>
      <RequireLogin>
        <LikesTabs />
        <LikesList key={type} type={type} />
      </RequireLogin>
    </section>
  );
}
