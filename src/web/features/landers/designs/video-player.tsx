import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';
import type { LanderDesignProps } from '../lander-design-props';
import {
  type FilmScene,
  SCENE_SECONDS,
  TITLE_SECONDS,
  drawFilmFrame,
  filmLength,
} from '../film-frames';
import { LanderAdultsNote } from '../lander-adults-note';
import { FictionalNote, FictionalTag } from '../fictional-tag';
import { usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import { usePrefersReducedMotion } from '../use-prefers-reduced-motion';
import './video-player.scss';

const SCENES = 6;

/**
 * The video page: a film of members drawn on a canvas in a player (play, pause, progress),
 * the headline and call to action beside it, and who appears in it below. It starts paused
 * for visitors who asked for less motion.
 */
export default function VideoPlayer({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const site = useSite();
  const photoAlt = usePhotoAlt();
  const reducedMotion = usePrefersReducedMotion();
  const cast = useMemo(() => members.slice(0, SCENES), [members]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(!reducedMotion);
  // Standing still, the film shows its first member; the clock lives in a ref, and the
  // progress shown is updated four times a second rather than on every frame.
  const start = reducedMotion ? TITLE_SECONDS + SCENE_SECONDS * 0.6 : 0;
  const clock = useRef(start);
  const [seconds, setSeconds] = useState(start);
  const length = filmLength(cast.length);

  const scenes = useMemo<FilmScene[]>(
    () =>
      cast.map((member) => {
        const photo = new Image();
        photo.src = member.photo;
        return { photo, caption: t('member.nameAge', { name: member.name, age: member.age }) };
      }),
    [cast, t],
  );
  const titles = useMemo(
    () => ({ opening: title, closing: t('video.closing', { siteName: site.name }) }),
    [title, t, site.name],
  );

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const draw = () => drawFilmFrame(context, clock.current, scenes, titles);
    draw();
    // A photo that arrives after a still frame was drawn draws it again.
    scenes.forEach((scene) => scene.photo?.addEventListener('load', draw));
    let frame = 0;
    if (playing) {
      let last = performance.now();
      let shownQuarter = -1;
      const tick = (now: number) => {
        clock.current = (clock.current + (now - last) / 1000) % length;
        last = now;
        draw();
        const quarter = Math.floor(clock.current * 4);
        if (quarter !== shownQuarter) {
          shownQuarter = quarter;
          setSeconds(clock.current);
        }
        frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(frame);
      scenes.forEach((scene) => scene.photo?.removeEventListener('load', draw));
    };
  }, [playing, length, scenes, titles]);

  return (
    <div className="video-lander">
      <section className="container py-4 py-lg-5">
        <div className="row g-4 align-items-center">
          <div className="col-lg-8">
            <div className="video-player shadow-lg">
              <canvas
                ref={canvas}
                className="video-canvas"
                width={960}
                height={540}
                role="img"
                aria-label={t('video.label', { siteName: site.name })}
              />
              {!playing && (
                <button
                  type="button"
                  className="video-big-play"
                  onClick={() => setPlaying(true)}
                  aria-label={t('video.play')}
                >
                  <span aria-hidden="true" />
                </button>
              )}
              <div className="video-controls">
                <button
                  type="button"
                  className="video-play"
                  onClick={() => setPlaying((value) => !value)}
                >
                  {playing ? t('video.pause') : t('video.play')}
                </button>
                <div
                  className="video-progress"
                  role="progressbar"
                  aria-label={t('video.progress')}
                  aria-valuemin={0}
                  aria-valuemax={Math.round(length)}
                  aria-valuenow={Math.floor(seconds)}
                >
                  <span style={{ width: `${(seconds / length) * 100}%` }} />
                </div>
                <span className="video-time" aria-hidden="true">
                  {formatTime(seconds)} / {formatTime(length)}
                </span>
              </div>
            </div>
          </div>
          <div className="col-lg-4 text-center text-lg-start">
            <h1 className="display-6 fw-bold mb-3">{title}</h1>
            <p className="lead text-body-secondary mb-4">{subtitle}</p>
            <SignupCta />
            <LanderAdultsNote className="mt-3 text-body-secondary" />
          </div>
        </div>
      </section>
      {cast.length > 0 && (
        <section className="container pb-5" aria-labelledby="video-cast">
          <h2 id="video-cast" className="h5 fw-bold mb-3">
            {t('video.cast')}
          </h2>
          <ul className="video-cast list-unstyled mb-3">
            {cast.map((member) => (
              <li key={member.id}>
                <img src={member.thumb} alt={photoAlt(member)} width={200} height={200} />
                <span className="lander-member-name">
                  {t('member.nameAge', { name: member.name, age: member.age })}
                </span>
                {member.region && <span className="lander-member-region">{member.region}</span>}
                {member.fictional && <FictionalTag />}
              </li>
            ))}
          </ul>
          <FictionalNote members={cast} />
        </section>
      )}
    </div>
  );
}

const formatTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
