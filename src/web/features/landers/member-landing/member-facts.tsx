import { useTranslation } from '@web/i18n/use-translation';
import type { MemberLandingProfile } from '@contract/member-landing';
import { FictionalBadge } from '@web/components/fictional-badge';
import { Icon } from '@web/components/icons';

/**
 * Name, age and region, and the fictional label in words where it applies (spec §1): on
 * every member landing design, as on every other place the member appears.
 */
export function MemberFacts({
  profile,
  place,
  as: Heading = 'p',
}: {
  profile: MemberLandingProfile;
  place: string;
  as?: 'p' | 'h2';
}) {
  const { t } = useTranslation();
  return (
    <div className="member-facts">
      <Heading className="fs-4 fw-semibold mb-1">
        {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
      </Heading>
      <p className="member-facts-place d-flex align-items-center gap-1 mb-2">
        <Icon name="compass" size={16} />
        {place}
      </p>
      {profile.fictional && <FictionalBadge withWarning />}
    </div>
  );
}
