import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { visibleMembers } from '@server/features/members';

/**
 * A member's own week, counted from what is recorded (issue 31 item 5, the weekly update):
 * likes received and matches made since `since` from members they may see, and the messages
 * waiting unread now. Nothing else: there is no record of profile views, so no figure of them.
 */
export interface WeeklyFigures {
  likes: number;
  matches: number;
  unread: number;
}

export async function weeklyFiguresOf(
  db: Db,
  member: { id: number; site_id: number },
  since: string,
): Promise<WeeklyFigures> {
  const viewer = { siteId: member.site_id, memberId: member.id };
  const likes = await visibleMembers(
    db
      .selectFrom('likes')
      .innerJoin('members', 'members.id', 'likes.liker_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('likes.liked_id', '=', member.id)
      .where('likes.created_at', '>', since),
    viewer,
  ).executeTakeFirst();
  // A match of the week: both likes exist and the later of them came in the week.
  const matches = await visibleMembers(
    db
      .selectFrom('likes')
      .innerJoin('members', 'members.id', 'likes.liker_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('likes.liked_id', '=', member.id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('likes as mine')
            .select(sql<number>`1`.as('one'))
            .whereRef('mine.liked_id', '=', 'likes.liker_id')
            .where('mine.liker_id', '=', member.id)
            .where((both) =>
              both.or([both('mine.created_at', '>', since), both('likes.created_at', '>', since)]),
            ),
        ),
      ),
    viewer,
  ).executeTakeFirst();
  const unread = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.sum<number>('num_unread_messages').as('unread'))
    .where('member_id', '=', member.id)
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  return {
    likes: Number(likes?.count ?? 0),
    matches: Number(matches?.count ?? 0),
    unread: Number(unread?.unread ?? 0),
  };
}
