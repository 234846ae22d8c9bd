import { LANDING_TEASER_PHOTOS, type MemberLandingProfile } from '@contract/member-landing';
import { ageFromDateOfBirth } from '@contract/members';
import { regionName } from '@server/features/geo';
import { activityOf } from '@server/features/members';
import { photoFileNames, presentMainImage } from '@server/features/photos';
import { mediaUrl } from '@server/storage/photo-storage';
import type { LandingMember } from './member-landing-queries';

/**
 * What a visitor sees of the member an ad is for: the public card (no e-mail, birth date or
 * coordinates), the profile text, the main photo, and the other photos only blurred (a
 * visitor is no premium viewer: DESIGN.md §5).
 */
export function presentLandingMember(
  { member, photos }: LandingMember,
  cdnPrefix: string,
): MemberLandingProfile {
  const [main, ...others] = photos;
  return {
    id: member.id,
    name: member.name,
    age: ageFromDateOfBirth(member.date_of_birth),
    country: member.country,
    region: member.region,
    region_name: regionName(member.country, member.region),
    fictional: member.is_fictional === 1,
    activity: activityOf(member, new Date()),
    main_image: presentMainImage(cdnPrefix, main),
    about: member.about,
    photo_count: photos.length,
    teaser_photos: others
      .slice(0, LANDING_TEASER_PHOTOS)
      .map((photo) =>
        mediaUrl(
          cdnPrefix,
          photoFileNames(photo.storage_key, photo.blurred_storage_key).blurredThumb,
        ),
      ),
  };
}
