import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';
import { useSite } from '@web/components/site-context';
import { LandingSteps } from './landing-steps';
import { MemberFacts } from './member-facts';
import { type MemberLanding, MemberLandingFrame } from './member-landing-frame';
import { MemberPhoto } from './member-photo';

/** /members/{id}/landing: the member in the spotlight, one large photo and one clear action. */
export function SpotlightLandingPage() {
  return <MemberLandingFrame>{(landing) => <Spotlight {...landing} />}</MemberLandingFrame>;
}

function Spotlight({ profile, variant, place, signUp }: MemberLanding) {
  const { t } = useTranslation('member-landing');
  const site = useSite();
  return (
    <section className="member-landing spotlight-landing">
      <div className="container py-4 py-lg-5">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-md-6 col-lg-5">
            <figure className="spotlight-figure mb-0">
              <MemberPhoto profile={profile} className="spotlight-photo" priority />
              {profile.photo_count > 1 && (
                <figcaption className="spotlight-count badge rounded-pill text-bg-dark">
                  <Icon name="camera" size={14} />{' '}
                  <span className="visually-hidden">
                    {t('photoCount', { count: profile.photo_count })}
                  </span>
                  <span aria-hidden="true">{profile.photo_count}</span>
                </figcaption>
              )}
            </figure>
          </div>
          {/* On a phone the action comes right after who the member is: the first screen holds it. */}
          <div className="col-md-6 col-lg-7 d-flex flex-column">
            <p className="landing-eyebrow mb-2">{t('memberOf', { siteName: site.name })}</p>
            <h1 className="display-6 fw-bold mb-3">
              {t(`variants.${variant}.title`, { name: profile.name })}
            </h1>
            <MemberFacts profile={profile} place={place} />
            <p className="lead mt-3 order-1 order-md-0">
              {t(`variants.${variant}.lead`, { name: profile.name, siteName: site.name })}
            </p>
            {profile.about && (
              <figure className="spotlight-about mb-4 order-1 order-md-0">
                <figcaption className="small text-body-secondary mb-1">
                  {t('about', { name: profile.name })}
                </figcaption>
                <blockquote className="mb-0">{profile.about}</blockquote>
              </figure>
            )}
            <div className="mt-3 mt-md-0 mb-3 mb-md-0">
              <button
                type="button"
                className="btn btn-pink btn-lg px-4 d-inline-flex align-items-center gap-2"
                onClick={() => signUp()}
              >
                <Icon name="chat" />
                {t('writeTo', { name: profile.name })}
              </button>
              <p className="small text-body-secondary mt-2 mb-0">
                {t('freeNote', { minAge: site.min_age })}
              </p>
            </div>
          </div>
        </div>
        <LandingSteps name={profile.name} className="spotlight-steps mt-5" />
      </div>
    </section>
  );
}
