import type { ChatMessage } from '@contract/chat';
import type { Db } from '@server/db/database';
import type { MessageRow } from '@server/db/tables/chat-tables';
import { publishMessageSent } from './message-sent-event';
import { AppError } from '@server/errors/app-error';
import { bookCredits, memberBalance } from '@server/features/credits';
import { lockMemberRow } from '@server/db/member-lock';
import { findVisibleCard } from '@server/features/likes';
import { hiddenBecause } from '@server/features/members';
import type { StoredEvent } from '@server/realtime/member-events';
import type { Services } from '@server/services';
import { messageEvent, presentMessage } from './chat-presenter';
import { publishInboxChange } from './operator/inbox-events';
import { countStartedConversations, findConversationBetween } from './conversation-queries';
import { findGonePartner } from './gone-partner';
import {
  findMessageByClientKey,
  findOrStartConversation,
  insertMessage,
  recordLastMessage,
} from './message-queries';
import { type OutgoingMessage, type SendOptions, type SendTerms, termsOf } from './send-terms';

export type { OutgoingContent, OutgoingMessage, SendOptions } from './send-terms';

export interface SentMessage {
  message: ChatMessage;
  credits: number;
  /** The stored row (the photo route tells a replay from a new photo by its storage key). */
  row: MessageRow;
}

/** pubSub tells the operators' inbox of a message to a fictional profile (issue 30 item 3). */
type SendServices = Pick<Services, 'db' | 'events' | 'rateLimiter'> &
  Partial<Pick<Services, 'pubSub' | 'domainEvents'>>;

/** What the send's transaction did: stored a new message, or found this key's earlier one. */
export type StoreOutcome =
  { replay: MessageRow } | { row: MessageRow; credits: number; stored: StoredEvent[] };

/** The checks that need no database: oneself, empty, longer than the site allows. */
function assertSendable({ site, sender, to, content }: OutgoingMessage) {
  if (to === sender.id) throw new AppError('cannot_message_self', 'invalid');
  if (content.kind !== 'text') return;
  if (content.text.length === 0) throw new AppError('message_empty', 'invalid');
  // issue 9 §2: a text over message_length is refused, not split or charged per block.
  if ([...content.text].length > site.settings.message_length)
    throw new AppError('message_too_long', 'invalid');
}

/**
 * The text as both databases store it: a lone UTF-16 surrogate (half an emoji, cut by a
 * client) becomes U+FFFD, as the drivers write it. So a retry compares equal to what was
 * stored.
 */
function wellFormed(outgoing: OutgoingMessage): OutgoingMessage {
  const { content } = outgoing;
  if (content.kind !== 'text' || !/\p{Cs}/u.test(content.text)) return outgoing;
  return {
    ...outgoing,
    content: { kind: 'text', text: content.text.replace(/\p{Cs}/gu, '\uFFFD') },
  };
}

/** The same key again: the stored message when it is the same message, else a conflict. */
function replayOf(stored: MessageRow, { to, content }: OutgoingMessage): MessageRow {
  const same =
    stored.recipient_id === to &&
    stored.kind === content.kind &&
    (content.kind !== 'text' || stored.text === content.text) &&
    (content.kind !== 'gift' || stored.gift_id === content.giftId);
  if (!same) throw new AppError('idempotency_key_reused', 'conflict');
  return stored;
}

/**
 * Sends one message (issue 9 §2), in one transaction: find or start the conversation, check
 * the rules, store the message, spend its credits through the ledger keyed by the client's
 * key, move both list entries, record the events; publish them after the commit. A retry
 * with the same key answers the stored message and charges nothing more; any refusal
 * stores and charges nothing.
 */
export async function sendMessage(
  { db, events, rateLimiter, pubSub, domainEvents }: SendServices,
  asked: OutgoingMessage,
  options: SendOptions = {},
): Promise<SentMessage> {
  const outgoing = wellFormed(asked);
  assertSendable(outgoing);
  const { site, sender, clientKey } = outgoing;

  // The flood limit counts messages, not retries of one: a member whose connection drops
  // (the web retries a send on network errors) keeps their allowance. A retry's hit is given
  // back once it turns out to be one, and a retry over the limit is still answered: the
  // common send asks the database nothing before its transaction.
  const perMinute = site.settings.chat.messages_per_minute;
  const flood = options.free
    ? undefined
    : await rateLimiter.countHit(`chat-send:${sender.id}`, perMinute, 60);
  // A failed give-back (Redis away) costs the member one message of this minute, no more.
  const giveBack = () => flood?.giveBack().catch(() => undefined);
  if (flood && !flood.allowed) {
    const earlier = await findMessageByClientKey(db, sender.id, clientKey);
    if (!earlier) throw new AppError('too_many_requests', 'rate_limited');
    const replay = replayOf(earlier, outgoing);
    await giveBack();
    return replayAnswer(db, replay);
  }

  const terms = termsOf(outgoing, options);
  const now = new Date().toISOString();
  // One transaction on both databases (issue 24 §2: one spelling of the rule). Sends of one
  // member run one at a time from the row lock on: the key check below and the spend see
  // every earlier send of theirs committed (as in the credit ledger). A retry that raced its
  // first send is found here.
  const outcome: StoreOutcome = await db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, sender.id);
    const raced = await findMessageByClientKey(trx, sender.id, clientKey);
    if (raced) return { replay: raced };
    return storeMessage(trx, events, outgoing, terms, now);
  });
  if ('replay' in outcome) {
    const replay = replayOf(outcome.replay, outgoing);
    await giveBack();
    return replayAnswer(db, replay);
  }
  // A failed publish (Redis away) fails nothing: the message is stored and charged, and the
  // tabs get its events from the log when their subscription is back or their socket resumes.
  await events.publish(outcome.stored).catch(() => undefined);
  if (outcome.row.operator_state === 'waiting' && pubSub)
    await publishInboxChange(pubSub, site.id).catch(() => undefined);
  await publishMessageSent(domainEvents, site.id, outcome.row);
  return answerOf(outcome.row, outcome.credits);
}

function answerOf(row: MessageRow, credits: number, partnerReadUpTo = 0): SentMessage {
  return { message: presentMessage(row, row.sender_id, partnerReadUpTo), credits, row };
}

/**
 * A stored message answered again: the balance now (read again, not the session's: another
 * tab may have spent since), and whether the partner read it since.
 */
async function replayAnswer(db: Db, row: MessageRow): Promise<SentMessage> {
  const [credits, partnerSide] = await Promise.all([
    memberBalance(db, row.sender_id),
    db
      .selectFrom('conversation_members')
      .select('last_read_message_id')
      .where('conversation_id', '=', row.conversation_id)
      .where('member_id', '=', row.recipient_id)
      .executeTakeFirst(),
  ]);
  return answerOf(row, credits, partnerSide?.last_read_message_id ?? 0);
}

/**
 * issue 23 §4: a member others cannot see (never activated, or in invisible mode) sends
 * nothing, paid or free: the recipient could neither list, open nor answer it. The same rule
 * as visibleMembers, read from the sender's row; refused before anything is stored or charged.
 */
function assertVisibleSender(sender: OutgoingMessage['sender']) {
  const hidden = hiddenBecause(sender);
  if (hidden === 'not_activated') throw new AppError('activation_required', 'forbidden');
  if (hidden === 'invisible') throw new AppError('invisible_mode_on', 'forbidden');
}

/**
 * Why a recipient the sender may not see is refused: a partner of theirs who deleted their
 * account (or was erased) answers partner_deleted, told only to whom had a conversation with
 * them (issue 31 item 7); anyone else, as anything else, answers not_found.
 */
async function refusalFor(trx: Db, siteId: number, senderId: number, to: number) {
  const conversation = await findConversationBetween(trx, senderId, to);
  const gone =
    conversation !== undefined &&
    conversation.site_id === siteId &&
    (await findGonePartner(trx, { siteId, memberId: senderId }, to));
  return gone
    ? new AppError('partner_deleted', 'forbidden')
    : new AppError('not_found', 'not_found');
}

/**
 * The send's steps inside its transaction, after the sender's lock and the retry check. The
 * one store path of every message: a member's send and an operator's answer as a fictional
 * profile (operator-send.ts) both come here.
 */
export async function storeMessage(
  trx: Db,
  events: Services['events'],
  { site, sender, to, clientKey, content }: OutgoingMessage,
  { cost, conversationLimit, ledgerReason, ledgerKey }: SendTerms,
  now: string,
): Promise<StoreOutcome> {
  assertVisibleSender(sender);
  // spec §1, §6: a missing, blocked (either way), disabled, invisible or other site's
  // member answers not_found, all alike.
  const recipient = await findVisibleCard(trx, site.id, sender.id, to);
  if (!recipient) throw await refusalFor(trx, site.id, sender.id, to);
  const conversation = await findOrStartConversation(trx, {
    siteId: site.id,
    senderId: sender.id,
    recipientId: recipient.id,
    now,
  });
  // spec §6: before a first purchase a member may start free_conversations conversations;
  // the ones they have continue. Counted after the start (it counts itself), inside the
  // sender's lock, so parallel starts cannot both take the last one.
  if (conversation.started && conversationLimit !== null) {
    const started = await countStartedConversations(trx, site.id, sender.id);
    if (started > conversationLimit) throw new AppError('premium_required', 'payment_required');
  }
  const row = await insertMessage(trx, {
    conversation_id: conversation.id,
    sender_id: sender.id,
    recipient_id: recipient.id,
    kind: content.kind,
    text: content.kind === 'text' ? content.text : null,
    gift_id: content.kind === 'gift' ? content.giftId : null,
    photo_storage_key: content.kind === 'photo' ? content.storageKey : null,
    photo_state: content.kind === 'photo' ? 'pending' : null,
    client_key: clientKey,
    credits_spent: cost,
    // issue 9 §5: a fictional profile's messages wait for an operator, never auto-answered.
    operator_state: recipient.is_fictional === 1 ? 'waiting' : null,
    created_at: now,
  });
  const credits =
    cost > 0
      ? await bookCredits(
          trx,
          {
            memberId: sender.id,
            amount: -cost,
            reason: ledgerReason,
            idempotencyKey: ledgerKey,
          },
          // sendMessage took the sender's row lock first (lockMemberRow).
          { rowLocked: true },
        )
      : // A free message: the balance under the lock, which a parallel send may have moved
        // since this request's session lookup read it.
        await memberBalance(trx, sender.id);
  await recordLastMessage(trx, {
    conversationId: conversation.id,
    id: row.id,
    senderId: sender.id,
    recipientId: recipient.id,
    at: now,
  });
  // Recorded in member id order, like the list entries: no lock-order deadlock.
  const stored: StoredEvent[] = await events.recordAll(trx, [
    { memberId: sender.id, event: messageEvent(row) },
    { memberId: recipient.id, event: messageEvent(row) },
    ...(cost > 0
      ? [{ memberId: sender.id, event: { type: 'credits.changed' as const, credits } }]
      : []),
  ]);
  return { row, credits, stored };
}
