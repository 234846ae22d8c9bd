import { ageFromDateOfBirth } from '@contract/members';
import type { FictionalProfile, FictionalProfileSummary } from '@contract/fictional-profiles';
import type { Locale } from '@contract/locales';
import { PHOTO_LIMITS } from '@contract/profiles';
import { photoFileNames } from '@server/features/photos';
import type { Site } from '@server/features/sites';
import { mediaUrl } from '@server/storage/photo-storage';
import { type OwnProfileRows, presentOwnProfile } from '../profile-presenters';
import { type FictionalListRow, fictionalStateOf } from './fictional-queries';

/** The editor's view: the member editor's fields, and what only the console sets. */
export function presentFictionalProfile(site: Site, rows: OwnProfileRows): FictionalProfile {
  const { member } = rows;
  return {
    ...presentOwnProfile(site, rows),
    // A fictional profile is never premium, but it may show as many photos as one.
    photo_limit: PHOTO_LIMITS.premium,
    birth_date: member.date_of_birth,
    language: member.language as Locale,
    state: fictionalStateOf(member.status),
    auto_like: member.auto_like === 1,
  };
}

export function presentFictionalSummary(
  site: Site,
  row: FictionalListRow,
): FictionalProfileSummary {
  const thumb =
    row.main_storage_key && row.main_blurred_storage_key
      ? mediaUrl(
          site.settings.cdn_prefix,
          photoFileNames(row.main_storage_key, row.main_blurred_storage_key).thumb,
        )
      : null;
  return {
    id: row.id,
    name: row.name,
    age: ageFromDateOfBirth(row.date_of_birth),
    gender: row.gender as FictionalProfileSummary['gender'],
    country: row.country,
    language: row.language as Locale,
    state: fictionalStateOf(row.status),
    auto_like: row.auto_like === 1,
    thumb,
    photo_count: Number(row.photo_count ?? 0),
  };
}
