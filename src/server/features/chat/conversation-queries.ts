import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { LIKE_CARD_COLUMNS } from '@server/features/likes';
import { visibleOrGonePartners } from '@server/features/members';
import type { ChatsCursor } from './chat-cursor';

/** How much of a text message the list shows (spec §3 "Chat list entry"). */
export const LAST_MESSAGE_PREVIEW_LENGTH = 120;

/**
 * The member's side of each conversation whose partner they may see: this site, enabled,
 * not invisible, not blocked either way (spec §1, §6; issue 9 §5), or gone (deleted or
 * erased: listed as "a deleted member", issue 31 item 7). Hidden (cleared, nothing newer yet)
 * entries are left out. Walks index conversation_members_list.
 */
function visibleEntries(db: Db, siteId: number, memberId: number) {
  const query = db
    .selectFrom('conversation_members')
    .innerJoin('members', 'members.id', 'conversation_members.partner_id')
    .where('conversation_members.member_id', '=', memberId)
    .where('conversation_members.is_hidden', '=', 0);
  return visibleOrGonePartners(query, { siteId, memberId });
}

/**
 * One keyset page of the conversation list, newest first by (last_message_at,
 * conversation_id), with the partner's card and the last message: one statement whatever
 * the number of conversations (issue 9 performance: ≤ 3 statements for 500).
 */
export function listConversations(db: Db, list: ConversationPage) {
  return conversationPageQuery(db, list).execute();
}

interface ConversationPage {
  siteId: number;
  memberId: number;
  after?: ChatsCursor;
  limit: number;
}

/** The statement of listConversations, unexecuted (for query plans). */
export function conversationPageQuery(db: Db, list: ConversationPage) {
  let page = visibleEntries(db, list.siteId, list.memberId)
    .leftJoin('photos', (join) =>
      join
        .onRef('photos.member_id', '=', 'members.id')
        .on('photos.status', '=', 'active')
        .on('photos.position', '=', 0),
    )
    .leftJoin('messages', 'messages.id', 'conversation_members.last_message_id')
    .select(LIKE_CARD_COLUMNS)
    .select([
      'members.status as partner_status',
      'conversation_members.conversation_id',
      'conversation_members.last_message_at',
      'conversation_members.num_unread_messages',
      'messages.id as message_id',
      'messages.kind as message_kind',
      sql<string | null>`substr(messages.text, 1, ${sql.lit(LAST_MESSAGE_PREVIEW_LENGTH)})`.as(
        'message_text',
      ),
      'messages.sender_id as message_sender_id',
      'messages.created_at as message_sent_at',
    ]);
  if (list.after)
    page = page.where(
      sql<boolean>`(conversation_members.last_message_at, conversation_members.conversation_id) < (${list.after.lastMessageAt}, ${list.after.conversationId})`,
    );
  return page
    .orderBy('conversation_members.last_message_at', 'desc')
    .orderBy('conversation_members.conversation_id', 'desc')
    .limit(list.limit);
}
export type ConversationListRow = Awaited<ReturnType<typeof listConversations>>[number];

/** spec §3 "Chat/likes state": unread messages over every conversation the list shows. */
export async function countUnread(db: Db, siteId: number, memberId: number): Promise<number> {
  const row = await visibleEntries(db, siteId, memberId)
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>('conversation_members.num_unread_messages'), sql<number>`0`)
        .as('total'),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Both sides of a conversation the member is in; undefined when they are not (IDOR). An
 * erased partner's own view is gone (issue 31 item 7): their side is then only who they
 * were, with nothing read.
 */
export async function findConversationSides(db: Db, conversationId: number, memberId: number) {
  const rows = await db
    .selectFrom('conversation_members')
    .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
    .selectAll('conversation_members')
    .select(['conversations.member_low_id', 'conversations.member_high_id'])
    .where('conversation_members.conversation_id', '=', conversationId)
    .execute();
  const own = rows.find((row) => row.member_id === memberId);
  if (!own) return undefined;
  const partnerId = own.member_low_id === memberId ? own.member_high_id : own.member_low_id;
  const partnerRow = rows.find((row) => row.member_id === partnerId);
  const partner: PartnerSide = partnerRow ?? { member_id: partnerId, last_read_message_id: 0 };
  return { own, partner };
}

/** What the viewer's conversation needs of the partner's side. */
interface PartnerSide {
  member_id: number;
  last_read_message_id: number;
}
export type ConversationSides = NonNullable<Awaited<ReturnType<typeof findConversationSides>>>;

/** The two members' conversation, in the pair's one spelling (low id, high id). */
export async function findConversationBetween(db: Db, firstId: number, secondId: number) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('member_low_id', '=', Math.min(firstId, secondId))
    .where('member_high_id', '=', Math.max(firstId, secondId))
    .executeTakeFirst();
}

/** spec §4 delete: hides what the member has so far; a newer message brings it back. */
export async function clearConversation(db: Db, conversationId: number, memberId: number) {
  await db
    .updateTable('conversation_members')
    .set({
      cleared_up_to_message_id: sql<number>`coalesce(last_message_id, 0)`,
      is_hidden: 1,
      num_unread_messages: 0,
    })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .execute();
}

/**
 * spec §4: opening sets the unread count to 0. Answers the last message id when it moved the
 * read mark (then the partner is told), undefined when everything was read already.
 */
export async function markConversationRead(
  db: Db,
  conversationId: number,
  memberId: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('conversation_members')
    .set({
      num_unread_messages: 0,
      last_read_message_id: sql<number>`last_message_id`,
    })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .where('last_message_id', 'is not', null)
    .where(sql<boolean>`last_read_message_id < last_message_id`)
    .returning('last_message_id')
    .executeTakeFirst();
  return row?.last_message_id ?? undefined;
}

/** How many conversations the member started (spec §6: free members may start a few). */
export async function countStartedConversations(db: Db, siteId: number, memberId: number) {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('started_by', '=', memberId)
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
