import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { FEATURED_COUNT, HERO_FACES_COUNT } from '@contract/featured';
import { featuredQuery } from '@web/api/site-api';
import { useUser } from '@web/api/user-api';
import { useSite } from '@web/components/site-context';
import { ProfileCard } from '@web/components/profile-card';
import { ProfileCardPlaceholder } from '@web/components/profile-card-placeholder';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useDocumentTitle } from '@web/components/use-document-title';
import { HowItWorks } from './how-it-works';
import { HonestySection } from './honesty-section';

/** The landing page for visitors (route index). */
export function IndexPage() {
  const { t } = useTranslation();
  const site = useSite();
  const [searchParams] = useSearchParams();
  const trafficSource = {
    network: searchParams.get('network') ?? undefined,
    ref: searchParams.get('ref') ?? undefined,
  };
  const { user, isLoading: userLoading } = useUser();
  const { data: profiles = [], isPending } = useQuery({
    ...featuredQuery(user ? 'member' : 'visitor', trafficSource),
    // Until the session is known, the viewer is not: a member never sees the visitors' strip.
    enabled: !userLoading,
  });
  useDocumentTitle();
  const strip = profiles.slice(0, FEATURED_COUNT);
  // The hero's collage is decoration without names or labels, so it shows only real members:
  // a fictional profile appears nowhere without its label (spec §1). Its faces are the ones
  // answered after the strip's, so the strip below does not repeat them (issue 32 item 7).
  const collage = profiles
    .slice(FEATURED_COUNT)
    .filter((profile) => profile.main_image && !profile.fictional)
    .slice(0, HERO_FACES_COUNT);

  return (
    <>
      <section className="hero py-5">
        <div className="container py-lg-4">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-6">
              <h1 className="display-5 fw-bold mb-3">{site.index_title}</h1>
              <p className="lead mb-4 opacity-75">{site.description}</p>
              {user ? (
                <p className="fs-5 fw-semibold mb-0">
                  {t('home.welcomeBack', { name: user.profile.name })}
                </p>
              ) : (
                // One Log in on the page, the navigation's (issue 32 item 7): the hero's own
                // competed with it, and the hero has one action, signing up.
                <button
                  type="button"
                  className="btn btn-primary btn-lg px-4"
                  onClick={() => openSignupModal()}
                >
                  {t('home.ctaSignup')}
                </button>
              )}
              <p className="small mt-3 mb-0 opacity-75">
                {t('home.adultsOnly', { minAge: site.min_age })}
              </p>
            </div>
            {collage.length > 0 && (
              <div className="col-lg-6 d-none d-md-block">
                <div className="hero-collage" aria-hidden="true">
                  {collage.map((profile) => (
                    <img
                      key={profile.id}
                      src={profile.main_image!.match}
                      alt=""
                      width={200}
                      height={200}
                    />
                  ))}
                </div>
              </div>
            )}
          </div>
        </div>
      </section>

      {/* While the strip loads its room is kept (FEATURED_COUNT cards), so the sections
          below do not move when it arrives (issue 25 item 6: CLS). */}
      {(isPending || strip.length > 0) && (
        <section className="container py-5" aria-labelledby="members-heading">
          <h2 id="members-heading" className="h3 mb-1">
            {t('home.membersTitle')}
          </h2>
          <p className="text-body-secondary mb-4">{t('home.membersSubtitle')}</p>
          <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled">
            {isPending
              ? Array.from({ length: FEATURED_COUNT }, (_, index) => (
                  <li key={index} className="col">
                    <ProfileCardPlaceholder />
                  </li>
                ))
              : strip.map((profile, index) => (
                  // Keyed by place, as the placeholders are: each card fills its
                  // placeholder's own list item, so no item is taken out and put back.
                  <li key={index} className="col">
                    <ProfileCard profile={profile} />
                  </li>
                ))}
          </ul>
        </section>
      )}

      <HowItWorks />
      <HonestySection />

      {!user && (
        <section className="container py-5 text-center">
          <h2 className="h3 mb-3">{t('home.finalTitle')}</h2>
          <button
            type="button"
            // The screen's primary action, in the accent colour (docs/design.md).
            className="btn btn-primary btn-lg px-5"
            onClick={() => openSignupModal()}
          >
            {t('home.ctaSignup')}
          </button>
        </section>
      )}
    </>
  );
}
