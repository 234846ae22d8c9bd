import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { visibleMembers } from '@server/features/members';

/** A member who liked the mail's recipient, as the mail names them. */
export interface Liker {
  name: string;
  isFictional: boolean;
}

/**
 * The likes another member gave `memberId` after `since` and that they have not looked at yet
 * (`is_new`), from members they may see (visibleMembers: an invisible or blocked liker, or
 * one gone since, is not told of, as in the app). A like back that came first makes it a
 * match; a like back that came after it is the member's own doing (they made the match in
 * the app), so it is left out.
 */
export async function newLikesAndMatches(
  db: Db,
  member: { id: number; site_id: number },
  since: string,
): Promise<{ likes: Liker[]; matches: Liker[] }> {
  const rows = await visibleMembers(
    db
      .selectFrom('likes')
      .innerJoin('members', 'members.id', 'likes.liker_id')
      .select(['members.name', 'members.is_fictional', 'likes.created_at'])
      // The member's own like of the liker, if any (a subquery: a joined alias of `likes`
      // would not type with visibleMembers).
      .select((eb) =>
        eb
          .selectFrom('likes as back')
          .select('back.created_at')
          .whereRef('back.liked_id', '=', 'likes.liker_id')
          .where('back.liker_id', '=', member.id)
          .as('back_at'),
      )
      .where('likes.liked_id', '=', member.id)
      .where('likes.created_at', '>', since)
      .where(sql<boolean>`likes.is_new = 1`),
    { siteId: member.site_id, memberId: member.id },
  )
    .orderBy('likes.created_at', 'desc')
    .execute();
  const toLiker = (row: (typeof rows)[number]): Liker => ({
    name: row.name,
    isFictional: Boolean(row.is_fictional),
  });
  return {
    likes: rows.filter((row) => !row.back_at).map(toLiker),
    matches: rows.filter((row) => row.back_at && row.back_at < row.created_at).map(toLiker),
  };
}

/**
 * Members with a new like newer than `since`, not told of by a like mail yet, and no like
 * mail since `mailedAfter`: whom the sweep asks to look. The job itself decides (kind, quiet hours, presence, what is new).
 */
export async function membersWithNewLikes(
  db: Db,
  since: string,
  mailedAfter: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('likes')
    .innerJoin('members', 'members.id', 'likes.liked_id')
    .select('likes.liked_id')
    .distinct()
    .where('likes.created_at', '>', since)
    .where(sql<boolean>`likes.is_new = 1`)
    .where('members.status', '=', 'active')
    .where('members.notifications_disabled_json', '=', '[]')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_mails')
            .select('notification_mails.token_id')
            .whereRef('notification_mails.member_id', '=', 'likes.liked_id')
            .where('notification_mails.kind', '=', 'likes')
            // A mail within the interval, or one that came after this like (it told of it).
            .where((mail) =>
              mail.or([
                mail('notification_mails.sent_at', '>', mailedAfter),
                mail('notification_mails.sent_at', '>=', mail.ref('likes.created_at')),
              ]),
            ),
        ),
      ),
    )
    .orderBy('likes.liked_id')
    .execute();
  return rows.map((row) => row.liked_id);
}
