import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { LanderMember } from '@contract/landers';
import { Icon } from '@web/components/icons';
import { openSignupModal } from '@web/components/signup-modal-store';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './swipe-demo.scss';

// How far a card must travel, in pixels, to count as a swipe.
const SWIPE_DISTANCE = 90;
const STACK_SIZE = 10;

/**
 * A swipe demo (tinderswipe): a stack of members to pass on or like, by dragging or with the
 * buttons. Passing shows the next one; a like needs an account, so it opens the signup. No
 * like is recorded: this is a taste of the swipe game for visitors.
 */
export default function SwipeDemo({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const stack = members.slice(0, STACK_SIZE);
  const [position, setPosition] = useState(0);
  const current = stack[position];
  const next = stack[position + 1];

  const decide = (like: boolean) => {
    setPosition((value) => value + 1);
    if (like) openSignupModal();
  };

  return (
    <div className="swipe-demo">
      <section className="container py-4 py-lg-5">
        <div className="row align-items-center g-4 g-lg-5 justify-content-center">
          <div className="col-lg-5 text-center text-lg-start">
            <h1 className="display-5 fw-bold mb-3">{title}</h1>
            <p className="lead mb-4 swipe-demo-lead">{subtitle}</p>
            <SignupCta className="btn-light" />
            <LanderAdultsNote className="mt-3 swipe-demo-lead" />
          </div>
          <div className="col-lg-5">
            <div className="swipe-demo-phone">
              {stack.length === 0 ? (
                <LanderEmpty />
              ) : current ? (
                <>
                  <div className="swipe-demo-stack">
                    {next && <SwipeCard key={next.id} member={next} behind />}
                    <SwipeCard key={current.id} member={current} onDecide={decide} />
                  </div>
                  <div className="swipe-demo-buttons">
                    <button
                      type="button"
                      className="swipe-demo-button is-pass"
                      onClick={() => decide(false)}
                    >
                      <span aria-hidden="true">✕</span>
                      <span className="visually-hidden">
                        {t('tinderswipe.pass', { name: current.name })}
                      </span>
                    </button>
                    <button
                      type="button"
                      className="swipe-demo-button is-like"
                      onClick={() => decide(true)}
                    >
                      <Icon name="heart-fill" size={26} />
                      <span className="visually-hidden">
                        {t('tinderswipe.like', { name: current.name })}
                      </span>
                    </button>
                  </div>
                  <p className="small text-center mb-0 mt-2 swipe-demo-hint">
                    {t('tinderswipe.hint')}
                  </p>
                </>
              ) : (
                <div className="swipe-demo-done text-center">
                  <Icon name="heart-fill" size={40} />
                  <p className="fs-5 fw-bold my-3">{t('tinderswipe.done')}</p>
                  <SignupCta />
                </div>
              )}
            </div>
            <div className="mt-3 text-center swipe-demo-lead">
              <FictionalNote members={stack} />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

interface SwipeCardProps {
  member: LanderMember;
  behind?: boolean;
  onDecide?: (like: boolean) => void;
}

/** One card: it follows the finger or mouse, and flies out past SWIPE_DISTANCE. */
function SwipeCard({ member, behind = false, onDecide }: SwipeCardProps) {
  const photoAlt = usePhotoAlt();
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (behind) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(offset) >= SWIPE_DISTANCE) onDecide?.(offset > 0);
    setOffset(0);
  };

  return (
    <div
      className={`swipe-demo-card${behind ? ' is-behind' : ''}${offset ? ' is-dragging' : ''}`}
      style={
        offset ? { transform: `translateX(${offset}px) rotate(${offset / 18}deg)` } : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      aria-hidden={behind || undefined}
    >
      <img
        className="lander-photo"
        src={member.photo}
        alt={behind ? '' : photoAlt(member)}
        width={600}
        height={600}
        draggable={false}
      />
      <div className="swipe-demo-caption">
        <MemberCaption member={member} />
      </div>
      {offset > 20 && <span className="swipe-demo-stamp is-like">♥</span>}
      {offset < -20 && <span className="swipe-demo-stamp is-pass">✕</span>}
    </div>
  );
}
