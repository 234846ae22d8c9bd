import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { LIKES_SUMMARY_SIZE, type LikesType } from '@contract/discovery-limits';
import { pathFor } from '@contract/routes';
import { likesQuery } from '@web/api/likes-query';
import { apiErrorText } from '@web/components/api-error-text';
import { countText } from '@web/components/count-badge';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { LikesEmpty } from './likes-empty';
import { LikesGrid } from './likes-card';

function Overview() {
  const { t } = useTranslation('likes');
  const { t: tCommon } = useTranslation();
  const { data: likes, error, refetch } = useQuery(likesQuery);
  if (error && !likes) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{apiErrorText(tCommon, error)}</span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => void refetch()}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!likes) return <PageSpinner />;
  const sections: Array<{ type: LikesType; count: number; cards: DiscoveryCard[] }> = [
    { type: 'matches', count: likes.counts.matches, cards: likes.matches },
    { type: 'liked-by', count: likes.counts.liked_by, cards: likes.liked_by },
    { type: 'liked', count: likes.counts.liked, cards: likes.profiles },
  ];
  return (
    <>
      {sections.map(({ type, count, cards }) => (
        <section key={type} className="mb-5" aria-labelledby={`likes-${type}-heading`}>
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
            <h2 id={`likes-${type}-heading`} className="h4 mb-0 d-flex align-items-center gap-2">
              {t(`sections.${type}`)}
              <span className="badge rounded-pill bg-body-tertiary text-body border fw-semibold">
                {countText(count)}
              </span>
              {type === 'liked-by' && likes.new_likes > 0 && (
                <span className="badge rounded-pill text-bg-pink">
                  {likes.new_likes > 99
                    ? t('newCountCapped')
                    : t('newCount', { count: likes.new_likes })}
                </span>
              )}
            </h2>
            {count > 0 && (
              <Link to={pathFor('likes-type', { type })} className="fw-semibold">
                {t(`seeAll.${type}`)}
              </Link>
            )}
          </div>
          {cards.length > 0 ? (
            <LikesGrid cards={cards.slice(0, LIKES_SUMMARY_SIZE)} likedBy={type === 'liked-by'} />
          ) : (
            <LikesEmpty type={type} />
          )}
        </section>
      ))}
    </>
  );
}

/** /likes: whom the member liked, who liked them, and their matches (spec §2 likes). */
export function LikesOverviewPage() {
  const { t } = useTranslation('likes');
  useDocumentTitle(t('title'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-4">{t('title')}</h1>
      <RequireLogin>
        <Overview />
      </RequireLogin>
    </section>
  );
}
