import { Suspense, useEffect, useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS } from '@contract/time-bonus';
import { ROUTES, type RouteName, pathFor, toRouterPath } from '@contract/routes';
import type { LoggedInUser } from '@contract/account';
import { useUser } from '@web/api/user-api';
import { formatCountdown, useSecondsLeft } from './countdown';
import { dismiss, isDismissed } from './dismissals';

// spec §2 "Members area".
const MEMBERS_AREA: RouteName[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
];
// The pages whose own discount banner counts the bonus down beside the prices (issue 25
// item 8): there the site-wide banner steps aside, so the member sees one countdown, not two.
const OFFER_PAGES: RouteName[] = ['credits', 'premium'];
// spec §9: the modal opens 40 s after entering the members area.
const MODAL_DELAY_MS = 40_000;

/**
 * spec §4, §9 time bonus TIMEBONUS25: for a logged-in member who never paid, within 14,400 s
 * of signup. Derived from the user record, so it is cleared at zero, on logout and on payment
 * and loaded on login by itself; the server alone decides the price (discounts.ts).
 */
function timeBonusEnd(user: LoggedInUser | null | undefined): string | null {
  if (!user || user.paid_user) return null;
  return new Date(Date.parse(user.signup_date) + TIME_BONUS_SECONDS * 1000).toISOString();
}

function useTimeBonusEnd(): string | null {
  return timeBonusEnd(useUser().user);
}

/**
 * Whether the banner shows for this member now. The app loads its texts (the credits
 * namespace) before the first paint then, so the banner does not push the page down when
 * they arrive (issue 25 item 6: CLS).
 */
export function timeBonusShows(user: LoggedInUser | null | undefined): boolean {
  const endsAt = timeBonusEnd(user);
  return endsAt !== null && Date.parse(endsAt) > Date.now();
}

/** The banner with its hh:mm:ss countdown, linking to credits (spec §9), off the offer pages. */
function TimeBonusBanner() {
  const { t } = useTranslation('credits');
  const endsAt = useTimeBonusEnd();
  const left = useSecondsLeft(endsAt);
  const { pathname } = useLocation();
  const onOfferPage = OFFER_PAGES.some((name) => matchPath(toRouterPath(ROUTES[name]), pathname));
  if (!endsAt || left <= 0 || onOfferPage) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 border-0 border-bottom py-2" role="status">
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <strong>{t('timeBonus.banner', { percent: TIME_BONUS_PERCENTAGE })}</strong>
        <span aria-label={t('timeBonus.timeLeft')} className="font-monospace">
          {formatCountdown(left)}
        </span>
        <Link to={pathFor('credits')} className="btn btn-sm btn-dark ms-auto">
          {t('timeBonus.cta')}
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §9: the modal 40 s after entering the members area, only with 0 credits, while the
 * bonus runs and when it was not dismissed before (hide-time-bonus-modal, spec §4).
 */
function TimeBonusModal() {
  const { t } = useTranslation('credits');
  const { user } = useUser();
  const endsAt = useTimeBonusEnd();
  const left = useSecondsLeft(endsAt);
  const { pathname } = useLocation();
  const inMembersArea = MEMBERS_AREA.some((name) =>
    matchPath(toRouterPath(ROUTES[name]), pathname),
  );
  const [open, setOpen] = useState(false);
  const eligible = Boolean(user && user.credits === 0 && left > 0);

  useEffect(() => {
    if (!inMembersArea || !eligible || isDismissed('hide-time-bonus-modal')) return;
    const timer = setTimeout(() => setOpen(true), MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inMembersArea, eligible]);

  const close = () => {
    dismiss('hide-time-bonus-modal');
    setOpen(false);
  };
  if (!eligible) return null;
  return (
    <Modal show={open} onHide={close} centered aria-labelledby="time-bonus-title">
      <Modal.Header closeButton>
        <Modal.Title id="time-bonus-title">{t('timeBonus.modalTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="display-5 fw-bold text-secondary mb-1">{TIME_BONUS_PERCENTAGE}%</p>
        <p>
          {t('timeBonus.modalText', {
            percent: TIME_BONUS_PERCENTAGE,
            hours: TIME_BONUS_SECONDS / 3600,
          })}
        </p>
        <p className="mb-0">
          {t('timeBonus.timeLeft')}:{' '}
          <span className="font-monospace fw-bold">{formatCountdown(left)}</span>
        </p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link" onClick={close}>
          {t('timeBonus.dismiss')}
        </button>
        <Link to={pathFor('credits')} className="btn btn-primary" onClick={close}>
          {t('timeBonus.cta')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The time bonus's banner and modal. Only a member it applies to loads their texts (the
 * credits namespace), in a boundary of their own, so no other page waits for them.
 */
export function TimeBonus() {
  const endsAt = useTimeBonusEnd();
  if (!endsAt || Date.parse(endsAt) <= Date.now()) return null;
  return (
    <Suspense fallback={null}>
      <TimeBonusBanner />
      <TimeBonusModal />
    </Suspense>
  );
}
