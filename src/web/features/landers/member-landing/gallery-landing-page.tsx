import type { CSSProperties } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';
import { useSite } from '@web/components/site-context';
import { MemberFacts } from './member-facts';
import { type MemberLanding, MemberLandingFrame } from './member-landing-frame';
import { MemberPhoto } from './member-photo';

/**
 * /members/{id}/landing3/{slug?}: a photo wall. The main photo, and the others as a visitor
 * may see them: blurred and locked (DESIGN.md §5), never their originals.
 */
export function GalleryLandingPage() {
  return <MemberLandingFrame>{(landing) => <Gallery {...landing} />}</MemberLandingFrame>;
}

function Gallery({ profile, variant, place, signUp }: MemberLanding) {
  const { t } = useTranslation('member-landing');
  const site = useSite();
  const teasers = profile.teaser_photos.length;
  // What the wall leaves out, said on its last tile: on a phone every teaser shows; beside
  // the text (md and up) two do.
  const moreOnPhone = profile.photo_count - 1 - teasers;
  const moreBeside = profile.photo_count - 3;
  const wallStyle = { '--wall-columns': Math.max(3, teasers) } as CSSProperties;
  return (
    <section className="member-landing member-landing-fill gallery-landing">
      <div className="container py-4 py-lg-5">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-lg-7">
            <ul
              className={`gallery-landing-wall list-unstyled mb-0 tiles-${teasers}`}
              style={wallStyle}
              aria-label={t('photos.label', { name: profile.name })}
            >
              <li className="gallery-landing-main">
                <MemberPhoto profile={profile} className="gallery-landing-photo" priority />
              </li>
              {profile.teaser_photos.map((src, index) => {
                const lastOnPhone = index === teasers - 1 && moreOnPhone > 0;
                const lastBeside = index === 1 && moreBeside > 0;
                return (
                  <li key={src} className="gallery-landing-locked">
                    <img src={src} alt="" width={150} height={150} loading="lazy" />
                    <span className="gallery-landing-lock">
                      <Icon name="lock" size={18} />
                      <span className="visually-hidden">{t('photos.locked')}</span>
                      {lastOnPhone && (
                        <span className="d-md-none" aria-hidden="true">
                          +{moreOnPhone}
                        </span>
                      )}
                      {lastBeside && (
                        <span className="d-none d-md-inline" aria-hidden="true">
                          +{moreBeside}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="col-lg-5">
            <h1 className="display-6 fw-bold mb-3">
              {t(`variants.${variant}.title`, { name: profile.name })}
            </h1>
            <MemberFacts profile={profile} place={place} />
            <p className="lead mt-3 mb-4">
              {t(`variants.${variant}.lead`, { name: profile.name, siteName: site.name })}
            </p>
            <button
              type="button"
              className="btn btn-pink btn-lg w-100 d-inline-flex align-items-center justify-content-center gap-2"
              onClick={() => signUp()}
            >
              <Icon name="heart-fill" />
              {t('writeTo', { name: profile.name })}
            </button>
            <p className="small text-body-secondary mt-2 mb-0 text-center">
              {t('freeNote', { minAge: site.min_age })}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
