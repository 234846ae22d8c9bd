import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useParams } from 'react-router';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { regionsQuery } from '@web/api/site-api';
import { useUser } from '@web/api/user-api';
import { countryName } from '@web/components/country-name';
import { NotFoundPage } from '@web/components/error-page';
import { FictionalBadge } from '@web/components/fictional-badge';
import { Icon } from '@web/components/icons';
import { LikeButton } from '@web/components/like-button';
import { MessageButton } from '@web/components/message-button';
import { PageSpinner } from '@web/components/page-spinner';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useDocumentTitle } from '@web/components/use-document-title';
import { BlockedNotice, MemberActions } from './member-actions';
import { memberProfileQuery } from './member-api';
import { MemberPhotos } from './member-photos';

/** /members/{id}: a member's profile and photos (spec §2 members-id, §6). */
export function MemberPage() {
  const { t, i18n } = useTranslation();
  const { t: tMembers } = useTranslation('members');
  const id = Number(useParams().id);
  const { user } = useUser();
  const valid = Number.isInteger(id) && id > 0;
  const {
    data: profile,
    error,
    isPending,
  } = useQuery({ ...memberProfileQuery(id), enabled: valid });
  const { data: regions } = useQuery(regionsQuery);
  useDocumentTitle(profile?.name);
  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (isPending || !profile) return <PageSpinner />;

  // The server leaves out blocked_by_viewer only for the member themselves (and visitors).
  const isSelf = Boolean(user) && profile.blocked_by_viewer === undefined;
  const regionName = regions?.[profile.country]?.find(
    (region) => region.code === profile.region,
  )?.name;
  const place = [regionName, countryName(profile.country, i18n.language)]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="container member-profile py-3 py-md-5">
      <div className="row g-3 g-md-4">
        <div className="col-md-5">
          <MemberPhotos profile={profile} loggedIn={Boolean(user)} />
        </div>
        <div className="col-md-7">
          {/* issue 25 item 8: who this is and what to do stay on a phone's first screen. */}
          <header className="mb-3">
            <h1 className="h2 mb-1">
              {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
            </h1>
            {place && (
              <p className="member-place text-body-secondary d-flex align-items-center gap-1 mb-0">
                <Icon name="geo-alt" size={16} />
                {place}
              </p>
            )}
            {profile.liked_me && (
              <p className="mt-2 mb-0">
                <span className="badge rounded-pill text-bg-pink fs-6 fw-semibold">
                  {tMembers('likesYou', { name: profile.name })}
                </span>
              </p>
            )}
          </header>
          {!isSelf && (
            <div className="member-actions d-flex align-items-stretch gap-2 mb-3">
              <div className="flex-grow-1 flex-md-grow-0 d-flex gap-2">
                <MessageButton profile={profile} />
                <LikeButton profile={profile} liked={profile.liked} />
              </div>
              {user && <MemberActions profile={profile} />}
            </div>
          )}
          {user && !isSelf && <BlockedNotice profile={profile} />}
          {profile.fictional && (
            <div className="mb-3">
              <FictionalBadge withWarning />
            </div>
          )}
          {!user && (
            // A neutral box: its buttons carry the meaning (pink signs up, blue logs in).
            <div className="member-panel mb-4" role="note">
              <p className="mb-3">{t('member.loginPrompt', { name: profile.name })}</p>
              <div className="d-flex gap-2 flex-wrap">
                <button
                  type="button"
                  className="btn btn-pink"
                  onClick={() => openSignupModal(profile.id)}
                >
                  {t('home.ctaSignup')}
                </button>
                <Link to={pathFor('login')} className="btn btn-outline-primary">
                  {t('nav.login')}
                </Link>
              </div>
            </div>
          )}
          {profile.notes.about && (
            <section className="mb-4" aria-labelledby="about-heading">
              <h2 id="about-heading" className="member-section-title">
                {t('profile.fields.about')}
              </h2>
              <p className="mb-0">{profile.notes.about}</p>
            </section>
          )}
          <dl className="member-panel member-facts row g-0 mb-4">
            {Object.entries(profile.attributes)
              .filter(([name]) => name !== 'region')
              .map(([name, value]) => (
                <div key={name} className="col-6">
                  <dt className="small text-body-secondary fw-normal">
                    {t(`profile.fields.${name}`)}
                  </dt>
                  <dd className="mb-0 fw-semibold">{t(`profile.options.${name}.${value}`)}</dd>
                </div>
              ))}
          </dl>
          {profile.interests.length > 0 && (
            <section className="mb-4" aria-labelledby="interests-heading">
              <h2 id="interests-heading" className="member-section-title">
                {t('profile.fields.interests')}
              </h2>
              <ul className="d-flex flex-wrap gap-2 list-unstyled mb-0">
                {profile.interests.map((key) => (
                  <li key={key} className="member-interest">
                    {t(`profile.interests.${key}`)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {isSelf && (
            <Link to={pathFor('profile')} className="btn btn-outline-primary btn-sm">
              {t('member.editOwn')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
