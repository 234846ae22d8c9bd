import { ageFromDateOfBirth } from '@contract/members';
import type { OwnProfile, MemberProfile, ViewedPhoto } from '@contract/profiles';
import { PHOTO_LIMITS } from '@contract/profiles';
import { PROFILE_ATTRIBUTES, type ProfileAttribute } from '@contract/profile-options';
import type { Member } from '@server/db/member-record';
import { mediaUrl } from '@server/storage/photo-storage';
import { photoFileNames } from '@server/features/photos';
import { presentMainImage } from '@server/features/photos';
import type { Site } from '@server/features/sites';
import { PHOTO_REJECTION_REASONS } from '@contract/moderation';
import type { PhotoListRow, listRejectedPhotos } from './photo-queries';

export type ViewerKind = 'visitor' | 'free' | 'premium' | 'self';

export function viewerKindOf(viewer: Member | null, target: Member): ViewerKind {
  if (!viewer) return 'visitor';
  if (viewer.id === target.id) return 'self';
  return viewer.paid_user ? 'premium' : 'free';
}

const optionValue = <T>(value: string | null): T | null => value as T | null;

export function photoLimitOf(member: Member): number {
  return member.paid_user ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
}

/** What the editor's answer is made of (profile-queries.ts, loadOwnProfile). */
export interface OwnProfileRows {
  member: Member;
  photos: readonly PhotoListRow[];
  interests: readonly { id: number }[];
  /** Refused by a moderator, with the reason code (issue 30 item 5). */
  rejectedPhotos?: readonly RejectedPhotoRow[];
}
type RejectedPhotoRow = Awaited<ReturnType<typeof listRejectedPhotos>>[number];

/** The member's own profile for the editor: every field and every photo of theirs. */
export function presentOwnProfile(
  site: Site,
  { member, photos, interests, rejectedPhotos = [] }: OwnProfileRows,
): OwnProfile {
  const cdn = site.settings.cdn_prefix;
  return {
    id: member.id,
    name: member.name,
    age: ageFromDateOfBirth(member.date_of_birth),
    gender: optionValue(member.gender),
    seeking: optionValue(member.seeking),
    sexuality: optionValue(member.sexuality),
    hair_color: optionValue(member.hair_color),
    eye_color: optionValue(member.eye_color),
    body_type: optionValue(member.body_type),
    relationship_status: optionValue(member.relationship_status),
    interests: interests.map((interest) => interest.id),
    country: member.country,
    region: member.region,
    about: member.about,
    is_invisible: member.is_invisible,
    photo_limit: photoLimitOf(member),
    photos: photos.map((photo) => {
      const names = photoFileNames(photo.storage_key, photo.blurred_storage_key);
      return {
        id: photo.id,
        status: photo.status as OwnProfile['photos'][number]['status'],
        position: photo.position,
        thumb: mediaUrl(cdn, names.thumb),
        match: mediaUrl(cdn, names.match),
        full: mediaUrl(cdn, names.full),
      };
    }),
    // The member reads why in their language (photo-moderation texts), codes only here.
    rejected_photos: rejectedPhotos.flatMap((photo) => {
      const reason = PHOTO_REJECTION_REASONS.find((code) => code === photo.rejection_reason);
      if (!reason) return [];
      const names = photoFileNames(photo.storage_key, photo.blurred_storage_key);
      return [{ id: photo.id, thumb: mediaUrl(cdn, names.thumb), reason }];
    }),
  };
}

/**
 * spec §6: premium viewers (and the member) see every photo; everyone else sees the main
 * photo and blurred, locked others — for those only the blurred files' addresses are sent.
 */
function presentViewedPhotos(cdn: string, photos: PhotoListRow[], kind: ViewerKind): ViewedPhoto[] {
  return photos.map((photo, index) => {
    const names = photoFileNames(photo.storage_key, photo.blurred_storage_key);
    const unlocked = kind === 'premium' || kind === 'self' || index === 0;
    return unlocked
      ? {
          id: photo.id,
          locked: false,
          thumb: mediaUrl(cdn, names.thumb),
          match: mediaUrl(cdn, names.match),
          full: mediaUrl(cdn, names.full),
        }
      : {
          id: photo.id,
          locked: true,
          thumb: mediaUrl(cdn, names.blurredThumb),
          match: mediaUrl(cdn, names.blurredMatch),
        };
  });
}

/**
 * Another member's profile as `kind` may see it. Never their e-mail, birth date, exact
 * location, settings or blocked list; attributes and notes follow the site's
 * visible_profile_fields and visible_profile_notes.
 */
export function presentMemberProfile(
  site: Site,
  target: Member,
  photos: PhotoListRow[],
  interestKeys: string[],
  kind: ViewerKind,
  blockedByViewer: boolean | undefined,
): MemberProfile {
  const visible = new Set(site.settings.visible_profile_fields);
  const attributes: Record<string, string> = {};
  for (const attribute of PROFILE_ATTRIBUTES.filter((name) => visible.has(name))) {
    const value = target[attribute as ProfileAttribute & keyof Member];
    if (typeof value === 'string') attributes[attribute] = value;
  }
  if (visible.has('region') && target.region) attributes.region = target.region;
  const notes: Record<string, string> = {};
  if (site.settings.visible_profile_notes.includes('about') && target.about)
    notes.about = target.about;
  return {
    id: target.id,
    name: target.name,
    age: ageFromDateOfBirth(target.date_of_birth),
    country: target.country,
    region: visible.has('region') ? target.region : null,
    fictional: target.is_fictional,
    attributes,
    interests: visible.has('interests') ? interestKeys : [],
    notes,
    main_image: presentMainImage(site.settings.cdn_prefix, photos[0]),
    photos: presentViewedPhotos(site.settings.cdn_prefix, photos, kind),
    ...(blockedByViewer === undefined ? {} : { blocked_by_viewer: blockedByViewer }),
  };
}
