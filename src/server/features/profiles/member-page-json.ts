import { memberProfileSchema } from '@contract/profiles';
import type { Member } from '@server/db/member-record';
import type { Site } from '@server/features/sites';
import { writtenOnce } from '@server/http/written-once';
import type { PhotoListRow } from './photo-queries';
import { presentMemberProfile, type ViewerKind } from './profile-presenters';

/** The fields of a member page that belong to the viewer alone (issue 8, spec §1). */
export interface ViewerFields {
  blocked_by_viewer?: boolean;
  liked?: boolean;
  liked_me?: boolean;
}

/** The profile each kind of viewer sees, by the kept member record it was made of. */
const profileOf = writtenOnce<Member>();

/**
 * GET /api/member.php's answer as JSON: the profile `kind` may see (spec §6), written once
 * while the member, their photos and interests and the site record are the same kept
 * objects, then the viewer's own fields, which are booleans and written here.
 */
export function memberPageJson(
  site: Site,
  target: Member,
  photos: readonly PhotoListRow[],
  interests: readonly { key: string }[],
  kind: ViewerKind,
  viewer: ViewerFields,
): string {
  const profile = profileOf(target, kind, [site, photos, interests], () => {
    const presented = presentMemberProfile(
      site,
      target,
      [...photos],
      interests.map((interest) => interest.key),
      kind,
      undefined,
    );
    // Checked as the route serializer would (unknown fields dropped): the answer skips it.
    return JSON.stringify(memberProfileSchema.parse(presented));
  });
  let json = `{"profile":${profile.slice(0, -1)}`;
  for (const field of ['blocked_by_viewer', 'liked', 'liked_me'] as const) {
    const value = viewer[field];
    if (value !== undefined) json += `,"${field}":${value ? 'true' : 'false'}`;
  }
  return `${json}}}`;
}
