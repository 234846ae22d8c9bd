import type { Db } from '@server/db/database';
import { type Member, toMember } from '@server/db/member-record';
import type { Staff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';

export interface InboxConversation {
  id: number;
  siteId: number;
  /** The fictional profile the operator answers as. */
  profile: Member;
  /** The real member who wrote to it. */
  member: Member;
}

/**
 * A conversation the operator may work on (issue 30 item 3): on this site, between one
 * fictional profile and one real member whose language the operator answers in. Anything
 * else (two real members above all) answers not_found, like a conversation that never was.
 */
export async function findInboxConversation(
  db: Db,
  siteId: number,
  staff: Staff,
  conversationId: number,
): Promise<InboxConversation> {
  const conversation = await db
    .selectFrom('conversations')
    .select(['id', 'site_id', 'member_low_id', 'member_high_id'])
    .where('id', '=', conversationId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!conversation) throw notFound();
  const rows = await db
    .selectFrom('members')
    .selectAll()
    .where('id', 'in', [conversation.member_low_id, conversation.member_high_id])
    .execute();
  const profile = rows.find((row) => row.is_fictional === 1);
  const member = rows.find((row) => row.is_fictional === 0);
  if (!profile || !member) throw notFound();
  if (staff.languages.length > 0 && !staff.languages.includes(member.language)) throw notFound();
  return { id: conversation.id, siteId, profile: toMember(profile), member: toMember(member) };
}

const notFound = () => new AppError('not_found', 'not_found');
