import { Suspense, useEffect, useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS } from '@contract/time-bonus';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { formatCountdown, useSecondsLeft } from './countdown';
import { dismiss, isDismissed } from './dismissals';
import { isMembersArea } from './members-area';
import { CompactBanner } from './compact-banner';
import { isOfferPage, timeBonusEnd } from './site-banner-rules';

// spec §9: the modal opens 40 s after entering the members area.
const MODAL_DELAY_MS = 40_000;

function useTimeBonusEnd(): string | null {
  return timeBonusEnd(useUser().user);
}

/**
 * The banner with its hh:mm:ss countdown, linking to credits (spec §9), off the offer pages,
 * when it has the banner slot (site-banners.tsx).
 */
function TimeBonusBanner() {
  const { t } = useTranslation('credits');
  const endsAt = useTimeBonusEnd();
  const left = useSecondsLeft(endsAt);
  const { pathname } = useLocation();
  if (!endsAt || left <= 0 || isOfferPage(pathname)) return null;
  return (
    <CompactBanner
      tone="offer"
      line={
        <>
          {t('timeBonus.banner', { percent: TIME_BONUS_PERCENTAGE })}{' '}
          <span aria-label={t('timeBonus.timeLeft')} className="font-monospace fw-normal">
            {formatCountdown(left)}
          </span>
        </>
      }
      action={
        <Link to={pathFor('credits')} className="btn btn-sm btn-primary">
          {t('timeBonus.cta')}
        </Link>
      }
    />
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
  const inMembersArea = isMembersArea(pathname);
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
        <p className="display-5 fw-bold text-primary mb-1">{TIME_BONUS_PERCENTAGE}%</p>
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
 * The time bonus's banner (when it has the slot) and modal (whichever banner shows). Only a
 * member it applies to loads their texts (the credits namespace), in a boundary of their own,
 * so no other page waits for them.
 */
export function TimeBonus({ showBanner }: { showBanner: boolean }) {
  const endsAt = useTimeBonusEnd();
  if (!endsAt || Date.parse(endsAt) <= Date.now()) return null;
  return (
    <Suspense fallback={null}>
      {showBanner && <TimeBonusBanner />}
      <TimeBonusModal />
    </Suspense>
  );
}
