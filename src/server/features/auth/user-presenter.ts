import { sql } from 'kysely';
import { type LoggedInUser, userAnswerSchema } from '@contract/account';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { memberBalance } from '@server/features/credits';
import { presentMainImage } from '@server/features/photos';
import { keptRead } from '@server/db/kept-reads';
import { preparedQuery } from '@server/db/prepared-query';
import { writtenOnce } from '@server/http/written-once';

/** The member's own first photo, pending included: a member sees their own pending photos. */
const ownMainPhotoQuery = preparedQuery((db, memberId: number) =>
  db
    .selectFrom('photos')
    .select(['storage_key', 'blurred_storage_key', 'status'])
    .where('member_id', '=', memberId)
    .where('status', '!=', 'rejected')
    .orderBy('position')
    .limit(sql.lit(1)),
);

/** Asked by every page load (user.php): kept like the session (kept-reads.ts). */
function ownMainPhotos(db: Db, memberId: number) {
  return keptRead(
    db,
    `own-main-photo:${memberId}`,
    () => ownMainPhotoQuery(db, memberId),
    () => [memberId],
  );
}

/** spec §3 "Logged-in user": exactly these fields, for the member themselves. */
export async function presentLoggedInUser(
  db: Db,
  member: Member,
  cdnPrefix: string,
): Promise<LoggedInUser> {
  const [[mainPhoto], credits] = await Promise.all([
    ownMainPhotos(db, member.id),
    memberBalance(db, member.id),
  ]);
  return userOf(member, credits, mainPhoto, cdnPrefix);
}

function userOf(
  member: Member,
  credits: number,
  mainPhoto: Awaited<ReturnType<typeof ownMainPhotos>>[number] | undefined,
  cdnPrefix: string,
): LoggedInUser {
  return {
    status: member.status,
    credits,
    paid_user: member.paid_user,
    signup_date: member.created_at,
    // Fictional profiles are always marked with their icon for every member (honest by design).
    fictional_icon: true,
    notifications_disabled: member.notifications_disabled,
    profile: {
      name: member.name,
      country: member.country,
      status: member.profile_status,
      main_image: presentMainImage(cdnPrefix, mainPhoto),
    },
  };
}

/** The answer by the kept session member it was made of (http/written-once.ts). */
const answerOf = writtenOnce<Member>();

/**
 * GET /api/user.php's answer for a logged-in member as JSON: asked by every page load, so
 * written once while the member and their main photo are the same kept objects.
 */
export async function loggedInUserJson(db: Db, member: Member, cdnPrefix: string) {
  const [photos, credits] = await Promise.all([
    ownMainPhotos(db, member.id),
    memberBalance(db, member.id),
  ]);
  return answerOf(member, cdnPrefix, [photos, credits], () =>
    // Checked as the route serializer would (unknown fields dropped): the answer skips it.
    JSON.stringify(userAnswerSchema.parse({ user: userOf(member, credits, photos[0], cdnPrefix) })),
  );
}
