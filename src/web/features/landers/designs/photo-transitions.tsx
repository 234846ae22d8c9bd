import { useEffect, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import { usePrefersReducedMotion } from '../use-prefers-reduced-motion';
import './photo-transitions.scss';

const SLIDES = 8;
// Each photo's turn on screen; the fade between two takes a second of it (the stylesheet).
const SLIDE_MILLISECONDS = 4000;

/**
 * The transitions "video": members' photos following each other with cross-fades and a slow
 * zoom, drawn with CSS (nothing loaded from outside). It can be paused, and stands still for
 * visitors who asked their system for less motion.
 */
export default function PhotoTransitions({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const photoAlt = usePhotoAlt();
  const reducedMotion = usePrefersReducedMotion();
  const slides = members.slice(0, SLIDES);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const playing = !paused && !reducedMotion && slides.length > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(
      () => setActive((index) => (index + 1) % slides.length),
      SLIDE_MILLISECONDS,
    );
    return () => window.clearInterval(timer);
  }, [playing, slides.length]);

  const current = slides[active];
  return (
    <div className="transitions-lander">
      <section
        className="transitions-stage lander-motion"
        aria-label={t('transitionsvideolanding.stage')}
      >
        <div className="transitions-frame">
          {slides.length === 0 && <LanderEmpty />}
          {slides.map((member, index) => (
            <div
              key={member.id}
              className={`transitions-slide${index === active ? ' is-active' : ''}${playing ? '' : ' is-still'}`}
              aria-hidden={index === active ? undefined : true}
            >
              {/* The photo blurred fills the stage; the photo itself stands at its side. */}
              <img
                className="transitions-backdrop"
                src={member.photo}
                alt=""
                width={600}
                height={600}
              />
              <img
                className="transitions-photo"
                src={member.photo}
                alt={index === active ? photoAlt(member) : ''}
                width={600}
                height={600}
              />
            </div>
          ))}
          {current && (
            <div className="transitions-now">
              <MemberCaption member={current} />
            </div>
          )}
          {slides.length > 1 && !reducedMotion && (
            <button
              type="button"
              className="transitions-toggle"
              onClick={() => setPaused((value) => !value)}
            >
              {paused ? t('video.play') : t('video.pause')}
            </button>
          )}
        </div>
        <div className="transitions-overlay">
          <div className="container">
            <div className="transitions-text">
              <h1 className="display-5 fw-bold mb-2">{title}</h1>
              <p className="lead mb-4 transitions-lead">{subtitle}</p>
              <SignupCta />
              <LanderAdultsNote className="mt-3 transitions-lead" />
            </div>
          </div>
        </div>
      </section>
      {slides.length > 1 && (
        <nav
          className="container transitions-dots"
          aria-label={t('transitionsvideolanding.choose')}
        >
          {slides.map((member, index) => (
            <button
              key={member.id}
              type="button"
              className={index === active ? 'is-active' : ''}
              aria-current={index === active || undefined}
              onClick={() => setActive(index)}
            >
              <img src={member.thumb} alt={photoAlt(member)} width={200} height={200} />
            </button>
          ))}
        </nav>
      )}
      <div className="container pb-4 text-center">
        <FictionalNote members={slides} />
      </div>
    </div>
  );
}
