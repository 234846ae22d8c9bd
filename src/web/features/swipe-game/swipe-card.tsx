import { useQuery } from '@tanstack/react-query';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { pathFor } from '@contract/routes';
import { regionsQuery } from '@web/api/site-api';
import { countryName } from '@web/components/country-name';
import { FictionalBadge } from '@web/components/fictional-badge';
import type { SwipeDecision } from './swipe-game-api';

/** How far (px) the card must be dragged for a decision; a shorter drag springs back. */
const SWIPE_THRESHOLD = 96;
/** A pointer that moves less than this is a tap (the profile link still works). */
const DRAG_START = 6;

function cardTransform(offset: number, leaving: SwipeDecision | null): string {
  if (leaving === 'like') return 'translateX(140%) rotate(18deg)';
  if (leaving === 'pass') return 'translateX(-140%) rotate(-18deg)';
  return `translateX(${offset}px) rotate(${offset / 18}deg)`;
}

/**
 * One profile of the swipe game. Dragged sideways it follows the finger (or mouse); let go
 * past the threshold it decides: right likes, left passes.
 */
export function SwipeCard({
  profile,
  leaving,
  canLike,
  onDecide,
}: {
  profile: DiscoveryCard;
  leaving: SwipeDecision | null;
  canLike: boolean;
  onDecide: (decision: SwipeDecision) => void;
}) {
  const { t, i18n } = useTranslation(['swipe-game', 'common']);
  const { data: regions } = useQuery(regionsQuery);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  const regionName = regions?.[profile.country]?.find(
    (region) => region.code === profile.region,
  )?.name;
  const place = [regionName, countryName(profile.country, i18n.language)]
    .filter(Boolean)
    .join(', ');
  // A like past the daily limit is not possible: the card springs back from the right.
  const shown = !canLike && offset > 0 ? Math.min(offset, SWIPE_THRESHOLD / 2) : offset;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (leaving || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const moved = event.clientX - current.startX;
    if (!dragging) {
      if (Math.abs(moved) < DRAG_START) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
    }
    setOffset(moved);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    setOffset(0);
    if (cancelled) return;
    if (shown >= SWIPE_THRESHOLD) onDecide('like');
    else if (shown <= -SWIPE_THRESHOLD) onDecide('pass');
  };

  const stampOpacity = Math.min(1, Math.abs(shown) / SWIPE_THRESHOLD);
  const headingId = `swipe-card-${profile.id}`;
  return (
    <article
      className={`card swipe-card border-0 shadow overflow-hidden${dragging ? ' is-dragging' : ''}`}
      aria-labelledby={headingId}
      style={{ transform: cardTransform(shown, leaving) }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => onPointerEnd(event, false)}
      onPointerCancel={(event) => onPointerEnd(event, true)}
    >
      <div className="position-relative">
        {profile.main_image ? (
          <img
            className="swipe-card-photo"
            src={profile.main_image.match}
            alt={t('profileCard.photoOf', { name: profile.name })}
            width={400}
            height={400}
            draggable={false}
          />
        ) : (
          <div className="swipe-card-photo" role="img" aria-label={t('profileCard.noPhoto')} />
        )}
        <span
          className="swipe-stamp swipe-stamp-like"
          aria-hidden="true"
          style={{ opacity: shown > 0 && canLike ? stampOpacity : 0 }}
        >
          {t('like')}
        </span>
        <span
          className="swipe-stamp swipe-stamp-pass"
          aria-hidden="true"
          style={{ opacity: shown < 0 ? stampOpacity : 0 }}
        >
          {t('pass')}
        </span>
      </div>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-baseline gap-2">
          <h2 id={headingId} className="h4 mb-1 text-truncate">
            {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
          </h2>
          <Link to={pathFor('members-id', { id: profile.id })} className="small text-nowrap">
            {t('viewProfile')}
          </Link>
        </div>
        <p className="text-body-secondary mb-0">{place}</p>
        {profile.fictional && (
          <div className="mt-2">
            <FictionalBadge withWarning />
          </div>
        )}
      </div>
    </article>
  );
}
