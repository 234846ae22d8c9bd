import { sql } from 'kysely';
import type { LoggedInUser } from '@contract/account';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { presentMainImage } from '@server/features/photos';
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

/** spec §3 "Logged-in user": exactly these fields, for the member themselves. */
export async function presentLoggedInUser(
  db: Db,
  member: Member,
  cdnPrefix: string,
): Promise<LoggedInUser> {
  const [mainPhoto] = await ownMainPhotoQuery(db, member.id);
  // The balance read with the member at this request's session lookup (db/member-record.ts).
  return userOf(member, member.credits, mainPhoto, cdnPrefix);
}

function userOf(
  member: Member,
  credits: number,
  mainPhoto: Awaited<ReturnType<typeof ownMainPhotoQuery>>[number] | undefined,
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
