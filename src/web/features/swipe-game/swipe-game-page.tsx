import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { SWIPE_LIKES_PER_DAY } from '@contract/discovery-limits';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { apiErrorText } from '@web/components/api-error-text';
import { FictionalBadge } from '@web/components/fictional-badge';
import { FormAlert } from '@web/components/form-alert';
import { Icon } from '@web/components/icons';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { SwipeCard } from './swipe-card';
import {
  type SwipeDecision,
  isMatch,
  reloadSwipeGame,
  swipeGameQuery,
  useSwipe,
} from './swipe-game-api';
import { useMinutesUntil } from './use-minutes-until';
import './swipe-game.scss';

const LEAVE_MS = 220;
const prefersLessMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Arrow keys decide, except while typing or inside a dialog or menu. */
function isArrowForTheGame(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
    return false;
  const target = event.target instanceof Element ? event.target : null;
  return !target?.closest('input, textarea, select, [contenteditable], .modal, .dropdown-menu');
}

/** spec §9: at the daily limit, when the likes come back; passing goes on meanwhile. */
function LikeLimitNotice({ resetsAt }: { resetsAt: string }) {
  const { t } = useTranslation('swipe-game');
  const queryClient = useQueryClient();
  const minutes = useMinutesUntil(resetsAt, () => void reloadSwipeGame(queryClient));
  const hours = Math.floor(minutes / 60);
  return (
    <div className="alert alert-info text-center mb-3" role="status">
      <p className="fw-semibold mb-1">{t('limit.title', { count: SWIPE_LIKES_PER_DAY })}</p>
      <p className="mb-1">
        {hours > 0
          ? t('limit.untilHours', { hours, minutes: minutes % 60 })
          : t('limit.untilMinutes', { minutes })}
      </p>
      <p className="small mb-0">{t('limit.keepPassing')}</p>
    </div>
  );
}

/** A match from the game: on to a message, or the profile (issue 23 item 16); spec §1 label. */
function MatchNotice({ profile, onClose }: { profile: DiscoveryCard; onClose: () => void }) {
  const { t } = useTranslation('swipe-game');
  const { t: tCommon } = useTranslation();
  return (
    <div className="alert alert-success d-flex flex-wrap gap-2 align-items-center" role="status">
      <Icon name="heart" />
      <span className="fw-semibold me-auto">{t('match', { name: profile.name })}</span>
      <Link
        to={pathFor('members-id-chat', { id: profile.id })}
        className="btn btn-sm btn-success d-inline-flex align-items-center gap-1"
      >
        <Icon name="chat" size={14} />
        {tCommon('like.sendMessage')}
      </Link>
      <Link
        to={pathFor('members-id', { id: profile.id })}
        className="btn btn-sm btn-outline-success"
      >
        {t('viewProfile')}
      </Link>
      <button type="button" className="btn-close" aria-label={t('close')} onClick={onClose} />
      {profile.fictional && (
        <div className="w-100">
          <FictionalBadge />
        </div>
      )}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('swipe-game');
  return (
    <div className="card border-0 shadow-sm text-center mx-auto" style={{ maxWidth: '26rem' }}>
      <div className="card-body p-4">
        <h2 className="h4">{t('empty.title')}</h2>
        <p className="text-body-secondary">{t('empty.text')}</p>
        <Link to={pathFor('members')} className="btn btn-pink">
          {t('empty.search')}
        </Link>
      </div>
    </div>
  );
}

function SwipeGame() {
  const { t } = useTranslation(['swipe-game', 'common']);
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery(swipeGameQuery);
  const swipe = useSwipe();
  const [leaving, setLeaving] = useState<{ id: number; decision: SwipeDecision } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [match, setMatch] = useState<DiscoveryCard | null>(null);
  // The server refused a like at the limit for this day (its resets_at) before we knew.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);

  const profile = data?.profile ?? null;
  const likesLeft = data && refusedFor !== data.resets_at ? data.likes_left : 0;
  const canLike = likesLeft > 0;
  const busy = swipe.isPending;

  const decide = useCallback(
    (decision: SwipeDecision) => {
      if (!profile || busy || (decision === 'like' && !canLike)) return;
      setLeaving({ id: profile.id, decision });
      setMatch(null);
      swipe.mutate(
        {
          profile: profile.id,
          decision,
          leaveMs: prefersLessMotion() ? 0 : LEAVE_MS,
        },
        {
          onSuccess: () => {
            setLeaving(null);
            setAnnouncement(t(decision === 'like' ? 'liked' : 'passed', { name: profile.name }));
            if (decision === 'like') {
              void isMatch(queryClient, profile.id).then((matched) => {
                if (matched) setMatch(profile);
              });
            }
          },
          onError: (failure) => {
            setLeaving(null);
            if (failure instanceof ApiError && failure.code === 'swipe_limit_reached' && data)
              setRefusedFor(data.resets_at);
          },
        },
      );
    },
    [profile, busy, canLike, swipe, t, queryClient, data],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isArrowForTheGame(event)) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        decide('pass');
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        decide('like');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [decide]);

  if (isPending) return <PageSpinner />;
  if (!data) return <FormAlert variant="danger">{apiErrorText(t, error)}</FormAlert>;

  const swipeError =
    swipe.error instanceof ApiError && swipe.error.code === 'swipe_limit_reached'
      ? undefined
      : apiErrorText(t, swipe.error);
  return (
    <>
      <p className="text-center fw-semibold mb-3">
        <span className="badge rounded-pill bg-body-tertiary text-body border fs-6 fw-semibold px-3 py-2">
          <span className="text-pink me-1">
            <Icon name="heart" size={16} />
          </span>
          {canLike ? t('likesLeft', { count: likesLeft }) : t('noLikesLeft')}
        </span>
      </p>
      {!canLike && <LikeLimitNotice resetsAt={data.resets_at} />}
      {match && <MatchNotice profile={match} onClose={() => setMatch(null)} />}
      <FormAlert variant="danger">{swipeError}</FormAlert>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {profile ? (
        <>
          <div className="swipe-stage">
            <SwipeCard
              key={profile.id}
              profile={profile}
              canLike={canLike}
              leaving={leaving?.id === profile.id ? leaving.decision : null}
              onDecide={decide}
            />
          </div>
          <div className="d-flex justify-content-center gap-3 mt-2">
            <button
              type="button"
              className="btn btn-lg btn-outline-secondary rounded-pill swipe-button"
              onClick={() => decide('pass')}
              aria-keyshortcuts="ArrowLeft"
              aria-disabled={busy || undefined}
            >
              <span aria-hidden="true" className="me-2">
                ✕
              </span>
              {t('pass')}
            </button>
            <button
              type="button"
              className="btn btn-lg btn-pink rounded-pill swipe-button d-inline-flex align-items-center justify-content-center gap-2"
              onClick={() => decide('like')}
              disabled={!canLike}
              aria-keyshortcuts="ArrowRight"
              aria-disabled={busy || undefined}
            >
              <Icon name="heart" size={18} />
              {t('like')}
            </button>
          </div>
          <p className="text-center small text-body-secondary mt-3 mb-0">
            <span className="d-none d-md-inline">{t('hintKeys')}</span>
            <span className="d-md-none">{t('hintSwipe')}</span>
          </p>
        </>
      ) : (
        <EmptyState />
      )}
    </>
  );
}

/** /swipe-game (spec §2, §9): one profile at a time, like or pass; 4 likes a day. */
export function SwipeGamePage() {
  const { t } = useTranslation('swipe-game');
  useDocumentTitle(t('title'));
  return (
    <RequireLogin>
      <section className="container py-4 py-md-5" style={{ maxWidth: '36rem' }}>
        <h1 className="h2 text-center mb-1">{t('title')}</h1>
        <p className="text-center text-body-secondary mb-3">{t('intro')}</p>
        <SwipeGame />
      </section>
    </RequireLogin>
  );
}
