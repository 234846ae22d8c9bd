import { ownProfileAnswerSchema } from '@contract/profiles';
import type { Member } from '@server/db/member-record';
import type { Site } from '@server/features/sites';
import { writtenOnce } from '@server/http/written-once';
import { type OwnProfileRows, presentOwnProfile } from './profile-presenters';

/** The editor's answer, by the kept member record it was made of. */
const answerOf = writtenOnce<Member>();

/**
 * GET /api/profile.php's answer as JSON (spec §2 profile): presented, checked against the
 * contract (unknown fields dropped, as the route serializer does) and written once while the
 * member, their photos and interests and the site record are the same kept objects. The
 * editor asks for it on every visit; a save, an upload or a settings change brings new objects.
 */
export function ownProfileJson(site: Site, own: OwnProfileRows): string {
  return answerOf(own.member, 'own', [site, own.photos, own.interests], () =>
    JSON.stringify(ownProfileAnswerSchema.parse({ profile: presentOwnProfile(site, own) })),
  );
}
