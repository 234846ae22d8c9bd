import { type ReactNode, Suspense, lazy } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ProfileCard as ProfileCardData } from '@contract/members';
import { pathFor } from '@contract/routes';
import { countryName } from './country-name';
import { FictionalBadge } from './fictional-badge';
import { useUser } from '@web/api/user-api';
import { Icon } from './icons';
import { MessageButton } from './message-button';
import { openSignupModal } from './signup-modal-store';
import './profile-card.scss';

// The like (its query, mutation and match dialog) loads with the first card a member sees,
// not with the visitors' first load of `/` (scripts/initial-js-size.ts); until then, and for
// visitors, the same heart stands in its place (a visitor's like opens the signup anyway).
const LikeButton = lazy(() => import('./like-button').then((m) => ({ default: m.LikeButton })));

type CardProfile = ProfileCardData & { liked?: boolean };

/**
 * The one card of a member, wherever members are listed (issue 32 item 5: search, likes, the
 * home strip, signup matches, the match finder): the photo first, then name and age, region
 * and country, and how recently they were active; below, the primary action (Message, in the
 * accent: btn-primary) with Like as the heart beside it. `marker` shows above the name ("New",
 * a match score). Every line is always there, empty or not, and the photo keeps its square
 * before it loads: every card is as tall as any other and as its placeholder (no CLS).
 */
export function ProfileCard({
  profile,
  marker,
  to,
  headingLevel = 3,
}: {
  profile: CardProfile;
  marker?: ReactNode;
  /** Where the card leads; the member's page unless told otherwise. */
  to?: string;
  /** The card's name is a heading one level below the list's (h2 under the page's h1). */
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card profile-card h-100">
      <Link
        to={to ?? pathFor('members-id', { id: profile.id })}
        className="profile-card-link text-reset"
      >
        {/* spec §1: the label on every card, in words; the long warning is on the profile. It
            lies over the photo's foot, so a card is as tall as any other (and as its loading
            placeholder): a list never moves when a fictional card arrives (issue 25 item 6). */}
        <ProfileCardPhoto profile={profile} labelled />
        <div className="card-body p-2 p-md-3">
          {marker}
          <Heading className="profile-card-name mb-0 text-truncate">
            {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
          </Heading>
          <p className="small text-body-secondary mb-0 text-truncate">
            {/* Region and country (issue 29 item 14: a card named the country alone); the
                region's name as people write it comes with the card. */}
            {profile.region_name && `${profile.region_name}, `}
            {countryName(profile.country, i18n.language)}
          </p>
          <ProfileCardActivity activity={profile.activity} />
        </div>
      </Link>
      <div className="mt-auto px-2 px-md-3 pb-2 pb-md-3">
        {/* issue 25 item 8: one clear primary action; the like is the heart beside it. */}
        <div className="d-flex gap-2 align-items-stretch">
          <div className="card-primary-action">
            <MessageButton profile={profile} size="sm" block />
          </div>
          <CardLike profile={profile} />
        </div>
      </div>
    </article>
  );
}

/** The card's heart: the like button for members, the signup for visitors (spec §6). */
function CardLike({ profile }: { profile: CardProfile }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const heart = (
    <button
      type="button"
      className="btn btn-outline-pink btn-sm btn-icon d-inline-flex align-items-center justify-content-center"
      aria-label={t('like.likeName', { name: profile.name })}
      aria-pressed={false}
      aria-disabled={user ? true : undefined}
      onClick={() => !user && openSignupModal(profile.id)}
    >
      <Icon name="heart" size={18} />
    </button>
  );
  if (!user) return heart;
  return (
    <Suspense fallback={heart}>
      <LikeButton profile={profile} liked={profile.liked} size="sm" iconOnly />
    </Suspense>
  );
}

/**
 * How recently the member was active, as the server recorded it (a step, never a time; none
 * for a fictional profile). The line stays when there is nothing to say, so cards keep one
 * height.
 */
function ProfileCardActivity({ activity }: { activity: ProfileCardData['activity'] }) {
  const { t } = useTranslation();
  return (
    <p className="profile-card-activity small mb-0 text-truncate">
      {activity === 'recent' && (
        <>
          <span className="profile-card-activity-dot" aria-hidden="true" />
          {t('profileCard.activeRecently')}
        </>
      )}
      {activity === 'week' && t('profileCard.activeThisWeek')}
    </p>
  );
}

/**
 * A card's square photo (or its empty square), which keeps its room before it loads. With
 * `labelled`, a fictional member's label lies over its foot (spec §1), so the card is as tall
 * as any other and as its loading placeholder.
 */
function ProfileCardPhoto({
  profile,
  labelled = false,
}: {
  profile: Pick<ProfileCardData, 'name' | 'main_image' | 'fictional'>;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="profile-card-media">
      {profile.main_image ? (
        <img
          className="profile-card-photo"
          src={profile.main_image.match}
          alt={t('profileCard.photoOf', { name: profile.name })}
          loading="lazy"
          width={300}
          height={300}
        />
      ) : (
        <div className="profile-card-photo" role="img" aria-label={t('profileCard.noPhoto')} />
      )}
      {labelled && profile.fictional && <FictionalBadge />}
    </div>
  );
}
