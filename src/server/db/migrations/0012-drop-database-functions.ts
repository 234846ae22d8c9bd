import { type Kysely, sql } from 'kysely';
import * as chatSendFunction from './0011-chat-send-function';

/**
 * Issue 24 §2, one spelling of every rule: sending a message, booking credits and numbering
 * events run as the same Kysely code on both databases (chat-service.ts storeMessage,
 * credit-ledger.ts bookCredits, member-events.ts recordAll). The PostgreSQL functions of
 * 0011-chat-send-function were a second spelling of those rules; nothing calls them any more.
 */
const isPostgres = (db: Kysely<unknown>) =>
  db.getExecutor().adapter.constructor.name.startsWith('Postgres');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // chat_send_message calls record_member_events: dropped first.
  await sql`drop function if exists chat_send_message`.execute(db);
  await sql`drop function if exists record_member_events`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await chatSendFunction.up(db);
}
