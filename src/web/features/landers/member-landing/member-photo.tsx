import { useTranslation } from '@web/i18n/use-translation';
import type { MemberLandingProfile } from '@contract/member-landing';
import { Icon } from '@web/components/icons';

/**
 * The member's main photo, or a neutral stand-in of the same size when there is none. The
 * size comes from the class (aspect-ratio), so nothing moves when the image arrives.
 */
export function MemberPhoto({
  profile,
  className,
  priority = false,
}: {
  profile: MemberLandingProfile;
  className: string;
  /** The page's largest image: fetched first, never lazily. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  if (!profile.main_image)
    return (
      <div
        className={`${className} member-photo-missing`}
        role="img"
        aria-label={t('profileCard.noPhoto')}
      >
        <Icon name="person" size={56} />
      </div>
    );
  return (
    <img
      className={`${className} object-fit-cover`}
      src={profile.main_image.match}
      alt={t('profileCard.photoOf', { name: profile.name })}
      width={600}
      height={600}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
}
