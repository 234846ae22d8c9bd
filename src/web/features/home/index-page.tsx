import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { FEATURED_COUNT } from '@contract/featured';
import { pathFor } from '@contract/routes';
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
  // The hero's collage is decoration without names or labels, so it shows only real members:
  // a fictional profile appears nowhere without its label (spec §1).
  const collage = profiles
    .filter((profile) => profile.main_image && !profile.fictional)
    .slice(0, 6);

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
                <div className="d-flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-pink btn-lg px-4"
                    onClick={() => openSignupModal()}
                  >
                    {t('home.ctaSignup')}
                  </button>
                  <Link to={pathFor('login')} className="btn btn-outline-light btn-lg px-4">
                    {t('home.ctaLogin')}
                  </Link>
                </div>
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
      {(isPending || profiles.length > 0) && (
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
              : profiles.map((profile, index) => (
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
            // Signing up is pink wherever it is offered (styles/_tokens.scss: one accent per meaning).
            className="btn btn-pink btn-lg px-5"
            onClick={() => openSignupModal()}
          >
            {t('home.ctaSignup')}
          </button>
        </section>
      )}
    </>
  );
}
