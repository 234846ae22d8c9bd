import type { ProfileUpdate } from '@contract/profiles';
import type { Db } from '@server/db/database';
import { findMemberById, updateMember } from '@server/db/members-table';
import { listMemberInterests } from './interest-queries';
import { listPhotos, listRejectedPhotos } from './photo-queries';

/** The member's row, every photo of theirs but rejected ones, and their interests. */
export async function loadOwnProfile(db: Db, siteId: number, memberId: number) {
  const member = await findMemberById(db, memberId);
  if (!member || member.site_id !== siteId) return undefined;
  const [photos, interests, rejectedPhotos] = await Promise.all([
    listPhotos(db, member.id, { activeOnly: false }),
    listMemberInterests(db, member.id),
    listRejectedPhotos(db, member.id),
  ]);
  return { member, photos, interests, rejectedPhotos };
}

/** Saves the editor's fields and the interests in one transaction: all or nothing. */
export async function saveProfile(db: Db, memberId: number, update: ProfileUpdate) {
  const { interests, ...columns } = update;
  await db.transaction().execute(async (trx) => {
    await updateMember(trx, memberId, columns);
    await replaceInterests(trx, memberId, interests);
  });
}

/** Sets a member's interests to these (inside the caller's transaction). */
export async function replaceInterests(trx: Db, memberId: number, interests: readonly number[]) {
  const interestIds = [...new Set(interests)];
  await trx.deleteFrom('member_interests').where('member_id', '=', memberId).execute();
  if (interestIds.length > 0) {
    await trx
      .insertInto('member_interests')
      .values(interestIds.map((id) => ({ member_id: memberId, interest_id: id })))
      .execute();
  }
}
