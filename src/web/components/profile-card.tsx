import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ProfileCard as ProfileCardData } from '@contract/members';
import { pathFor } from '@contract/routes';
import { countryName } from './country-name';
import { FictionalBadge } from './fictional-badge';

/**
 * A member's card. `marker` shows above the name (e.g. "New"); `action` sits below the link,
 * outside it (e.g. the like button: a button may not sit inside a link). The photo keeps its
 * square before it loads, so nothing below it moves (issue 25 item 6).
 */
export function ProfileCard({
  profile,
  marker,
  action,
  to,
}: {
  profile: ProfileCardData;
  marker?: ReactNode;
  action?: ReactNode;
  /** Where the card leads; the member's page unless told otherwise. */
  to?: string;
}) {
  const { t, i18n } = useTranslation();
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
          <h3 className="profile-card-name mb-0 text-truncate">
            {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
          </h3>
          <p className="small text-body-secondary mb-0 text-truncate">
            {/* Region and country (issue 29 item 14: a card named the country alone); the
                region's name as people write it comes with the card. */}
            {profile.region_name && `${profile.region_name}, `}
            {countryName(profile.country, i18n.language)}
          </p>
        </div>
      </Link>
      {action && <div className="mt-auto px-2 px-md-3 pb-2 pb-md-3">{action}</div>}
    </article>
  );
}

/** A card's actions: the primary one stretched, the secondary ones as icon buttons after it. */
export function CardActions({ primary, secondary }: { primary: ReactNode; secondary: ReactNode }) {
  return (
    <div className="d-flex gap-2 align-items-stretch">
      <div className="card-primary-action">{primary}</div>
      {secondary}
    </div>
  );
}

/**
 * A card's square photo (or its empty square), which keeps its room before it loads. With
 * `labelled`, a fictional member's label lies over its foot (spec §1), so the card is as tall
 * as any other and as its loading placeholder.
 */
export function ProfileCardPhoto({
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
