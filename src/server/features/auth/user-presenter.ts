import { sql } from 'kysely';
import type { LoggedInUser } from '@contract/account';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { presentMainImage } from '@server/features/photos';
import { keptRead } from '@server/db/kept-reads';
import { preparedQuery } from '@server/db/prepared-query';

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
async function ownMainPhoto(db: Db, memberId: number) {
  const [photo] = await keptRead(
    db,
    `own-main-photo:${memberId}`,
    () => ownMainPhotoQuery(db, memberId),
    () => [memberId],
  );
  return photo;
}

/** spec §3 "Logged-in user": exactly these fields, for the member themselves. */
export async function presentLoggedInUser(
  db: Db,
  member: Member,
  cdnPrefix: string,
): Promise<LoggedInUser> {
  const mainPhoto = await ownMainPhoto(db, member.id);
  return {
    status: member.status,
    credits: member.credits,
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
