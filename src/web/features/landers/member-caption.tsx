import { useTranslation } from '@web/i18n/use-translation';
import type { LanderMember } from '@contract/landers';
import { FictionalTag } from './fictional-tag';

/** Name, age and region of a member on a lander, with the fictional label where it applies. */
export function MemberCaption({
  member,
  region = true,
}: {
  member: LanderMember;
  region?: boolean;
}) {
  const { t } = useTranslation('landers');
  return (
    <>
      <span className="lander-member-name">
        {t('member.nameAge', { name: member.name, age: member.age })}
      </span>
      {region && member.region && <span className="lander-member-region">{member.region}</span>}
      {member.fictional && <FictionalTag />}
    </>
  );
}

/** The alt text of a member's photo. */
export function usePhotoAlt() {
  const { t } = useTranslation('landers');
  return (member: LanderMember) => t('member.photoOf', { name: member.name });
}
