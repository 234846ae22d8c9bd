import { useTranslation } from '@web/i18n/use-translation';
import type { LanderMember } from '@contract/landers';
import { countryName } from '@web/components/country-name';
import { FictionalTag } from './fictional-tag';

/**
 * Name, age and place (region and country, issue 29 item 14) of a member on a lander, with the
 * fictional label where it applies.
 */
export function MemberCaption({
  member,
  region = true,
}: {
  member: LanderMember;
  region?: boolean;
}) {
  const { t, i18n } = useTranslation('landers');
  const place = [member.region, countryName(member.country, i18n.language)]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <span className="lander-member-name">
        {t('member.nameAge', { name: member.name, age: member.age })}
      </span>
      {region && <span className="lander-member-region">{place}</span>}
      {member.fictional && <FictionalTag />}
    </>
  );
}

/** The alt text of a member's photo. */
export function usePhotoAlt() {
  const { t } = useTranslation('landers');
  return (member: LanderMember) => t('member.photoOf', { name: member.name });
}
