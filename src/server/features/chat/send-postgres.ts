import { sql } from 'kysely';
import { type ServerEvent, serverEventSchema } from '@contract/events';
import type { ErrorCode } from '@contract/errors';
import type { Db } from '@server/db/database';
import type { MessageRow } from '@server/db/tables/chat-tables';
import { AppError, type ErrorKind } from '@server/errors/app-error';
import type { StoredEvent } from '@server/realtime/member-events';
import { messageEvent } from './chat-presenter';
import type { OutgoingMessage, SendTerms } from './send-terms';

/** What chat_send_message answers (migration 0011-chat-send-function). */
type CallOutcome =
  { replay: MessageRow } | { message: MessageRow; credits: number; seqs: number[] };

export type StoreOutcome =
  { replay: MessageRow } | { row: MessageRow; credits: number; stored: StoredEvent[] };

/** The refusals the function raises (hint 'app_error'), with the kind each edge maps. */
const REFUSALS: Partial<Record<ErrorCode, ErrorKind>> = {
  not_found: 'not_found',
  premium_required: 'payment_required',
  insufficient_credits: 'payment_required',
};

function refusalOf(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { hint, message } = error as { hint?: unknown; message?: unknown };
  if (hint !== 'app_error' || typeof message !== 'string') return undefined;
  const kind = REFUSALS[message as ErrorCode];
  return kind ? new AppError(message as ErrorCode, kind) : undefined;
}

/**
 * PostgreSQL: storeMessage of chat-service.ts as ONE round trip, the database function
 * chat_send_message (an implicit transaction: a refusal stores and charges nothing). The
 * TypeScript path is about ten round trips, each waiting for the event loop, and was the
 * limit of the message rate (docs/performance.md, "Realtime"). The rules are the same; the
 * chat tests run on both databases.
 */
export async function storeMessageInOneCall(
  db: Db,
  { site, sender, to, clientKey, content }: OutgoingMessage,
  terms: SendTerms,
  createdAt: string,
): Promise<StoreOutcome> {
  const text = content.kind === 'text' ? content.text : null;
  // The events as the presenter writes them; the database fills in the numbers it assigns.
  const messageTemplate = messageEvent({
    id: 0,
    conversation_id: 0,
    sender_id: sender.id,
    kind: content.kind,
    text,
    created_at: createdAt,
  } as MessageRow);
  const creditsTemplate: ServerEvent = { type: 'credits.changed', credits: 0 };

  let outcome: CallOutcome;
  try {
    const { rows } = await sql<{ outcome: CallOutcome }>`select chat_send_message(
      ${site.id}::integer, ${sender.id}::integer, ${to}::integer,
      ${content.kind}::text, ${text}::text,
      ${content.kind === 'gift' ? content.giftId : null}::text,
      ${content.kind === 'photo' ? content.storageKey : null}::text,
      ${clientKey}::text, ${terms.cost}::integer, ${terms.conversationLimit}::integer,
      ${'waiting'}::text, ${terms.ledgerReason}::text, ${terms.ledgerKey}::text,
      ${createdAt}::text, ${JSON.stringify(messageTemplate)}::jsonb,
      ${JSON.stringify(creditsTemplate)}::jsonb) as outcome`.execute(db);
    outcome = rows[0]!.outcome;
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  if ('replay' in outcome) return outcome;
  // The function moved the sender's balance: the write watch is shown that UPDATE, compiled
  // (not run), so kept reads of the balance drop on every instance. Shown after the commit,
  // not before the call: a read made while the call waited for a connection or the lock
  // cannot outlive it (kept-reads.ts QUIET_MS).
  if (terms.cost > 0)
    db.updateTable('members')
      .set({ credits: sql`credits` })
      .where('id', '=', sender.id)
      .compile();

  const { message: row, credits, seqs } = outcome;
  // What was stored, as recordAll answers it: in member id order, each member's in order.
  const event = serverEventSchema.parse(messageEvent(row));
  const recorded: StoredEvent[] = [
    { memberId: sender.id, envelope: { seq: seqs[0]!, event } },
    { memberId: row.recipient_id, envelope: { seq: seqs[1]!, event } },
  ];
  if (seqs[2] !== undefined)
    recorded.push({
      memberId: sender.id,
      envelope: { seq: seqs[2], event: { type: 'credits.changed', credits } },
    });
  const stored = recorded.sort((a, b) => a.memberId - b.memberId);
  return { row, credits, stored };
}
