import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { visibleMembers } from '@server/features/members';

// likes.json, messages.json and blocks.json of an export (issue 31 item 8). Other members
// appear as this member may see them, and never with more than their id and public name:
// one who is hidden from them now (blocked, invisible, gone) keeps only the id.

export interface OtherMember {
  id: number;
  name: string | null;
  /** Honesty (issue 8): a fictional profile says so wherever it appears. */
  fictional_profile: boolean;
}

async function othersAsSeenBy(db: Db, member: Member, ids: number[]) {
  const seen = new Map<number, OtherMember>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await visibleMembers(
      db
        .selectFrom('members')
        .select(['members.id', 'members.name', 'members.is_fictional'])
        .where('members.id', 'in', unique.slice(start, start + 500)),
      { siteId: member.site_id, memberId: member.id },
    ).execute();
    for (const row of rows)
      seen.set(row.id, { id: row.id, name: row.name, fictional_profile: row.is_fictional === 1 });
  }
  return (id: number): OtherMember => seen.get(id) ?? { id, name: null, fictional_profile: false };
}

export async function activityParts(db: Db, member: Member) {
  const [given, received, sent, blocks] = await Promise.all([
    db
      .selectFrom('likes')
      .selectAll()
      .where('liker_id', '=', member.id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('likes')
      .selectAll()
      .where('liked_id', '=', member.id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('messages')
      .select([
        'id',
        'conversation_id',
        'recipient_id',
        'kind',
        'text',
        'gift_id',
        'credits_spent',
        'created_at',
      ])
      .where('sender_id', '=', member.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('blocks')
      .selectAll()
      .where('blocker_id', '=', member.id)
      .orderBy('created_at')
      .execute(),
  ]);
  const other = await othersAsSeenBy(db, member, [
    ...given.map((like) => like.liked_id),
    ...received.map((like) => like.liker_id),
    ...sent.map((message) => message.recipient_id),
  ]);
  return {
    likes: {
      given: given.map((like) => ({ member: other(like.liked_id), created_at: like.created_at })),
      received: received.map((like) => ({
        member: other(like.liker_id),
        created_at: like.created_at,
      })),
    },
    messages: sent.map(({ recipient_id, ...message }) => ({
      ...message,
      to: other(recipient_id),
    })),
    // The member's own choices: who they blocked, by id (the settings screen names them).
    blocks: blocks.map((block) => ({ member_id: block.blocked_id, created_at: block.created_at })),
  };
}
