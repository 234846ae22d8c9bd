import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { recordAudit } from '@server/db/staff-audit-table';
import type { Staff } from '@server/db/staff-record';
import type { MessageRow } from '@server/db/tables/chat-tables';
import { AppError } from '@server/errors/app-error';
import type { Site } from '@server/features/sites';
import type { Services } from '@server/services';
import { type StoreOutcome, storeMessage } from './chat-service';
import { findMessageByClientKey } from './message-queries';
import { takeLiveClaim } from './operator/claims';
import { findInboxConversation } from './operator/inbox-conversation';
import { publishMessageSent } from './message-sent-event';
import { publishInboxChange } from './operator/inbox-events';

export interface OperatorAnswer {
  site: Site;
  staff: Staff;
  conversationId: number;
  /** The operator client's idempotency key: a retry answers the stored message. */
  clientKey: string;
  text: string;
}

/**
 * An operator answers as a fictional profile (issue 30 item 3) through chat's one store path
 * (storeMessage), with the operator's terms: free, no flood or conversation limit (those are
 * the member's), and only into a conversation where the member waits: a fictional profile
 * never writes first, and never to a conversation it is not in. Needs the operator's live
 * claim, which the answer ends. Records who wrote it (operator_answers and the audit log;
 * never shown to the member), marks the member's waiting messages answered, and reaches the
 * member's open tabs like any message.
 */
export async function sendAsProfile(
  {
    db,
    events,
    pubSub,
    domainEvents,
  }: Pick<Services, 'db' | 'events' | 'pubSub'> & Partial<Pick<Services, 'domainEvents'>>,
  { site, staff, conversationId, clientKey, text }: OperatorAnswer,
  now = new Date(),
): Promise<MessageRow> {
  if ([...text].length > site.settings.message_length)
    throw new AppError('message_too_long', 'invalid');
  const { profile, member } = await findInboxConversation(db, site.id, staff, conversationId);
  const outgoing = {
    site,
    sender: profile,
    to: member.id,
    clientKey,
    content: { kind: 'text' as const, text },
  };
  const nowIso = now.toISOString();
  const outcome: StoreOutcome = await db.transaction().execute(async (trx) => {
    // The profile's sends one at a time, as a member's (chat-service.ts).
    await lockMemberRow(trx, profile.id);
    const raced = await findMessageByClientKey(trx, profile.id, clientKey);
    if (raced) return { replay: raced };
    await takeLiveClaim(trx, staff.id, conversationId, now);
    const waitingSince = await oldestWaiting(trx, conversationId, member.id);
    if (!waitingSince) throw new AppError('nothing_waiting', 'conflict');
    const stored = await storeMessage(
      trx,
      events,
      outgoing,
      {
        cost: 0,
        conversationLimit: null,
        ledgerReason: 'operator_answer',
        ledgerKey: `operator:${profile.id}:${clientKey}`,
      },
      nowIso,
    );
    if ('replay' in stored) return stored;
    await trx
      .updateTable('messages')
      .set({ operator_state: 'answered' })
      .where('conversation_id', '=', conversationId)
      .where('operator_state', '=', 'waiting')
      .where('id', '<', stored.row.id)
      .execute();
    await trx
      .insertInto('operator_answers')
      .values({
        message_id: stored.row.id,
        site_id: site.id,
        staff_id: staff.id,
        waited_ms: Math.max(0, now.getTime() - Date.parse(waitingSince)),
        answered_at: nowIso,
      })
      .execute();
    await recordAudit(
      trx,
      {
        staffId: staff.id,
        action: 'chat.operator_answer',
        siteId: site.id,
        subject: `conversation:${conversationId}`,
        after: { message_id: stored.row.id, profile_id: profile.id },
      },
      now,
    );
    return stored;
  });
  if ('replay' in outcome) {
    const same = outcome.replay.conversation_id === conversationId && outcome.replay.text === text;
    if (!same) throw new AppError('idempotency_key_reused', 'conflict');
    return outcome.replay;
  }
  // As a member's send: a failed publish fails nothing (tabs catch up from the event log).
  await events.publish(outcome.stored).catch(() => undefined);
  await publishInboxChange(pubSub, site.id).catch(() => undefined);
  await publishMessageSent(domainEvents, site.id, outcome.row);
  return outcome.row;
}

async function oldestWaiting(trx: Db, conversationId: number, memberId: number) {
  const row = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.min('created_at').as('since'))
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '=', memberId)
    .where('operator_state', '=', 'waiting')
    .executeTakeFirst();
  return (row?.since as string | null | undefined) ?? undefined;
}
