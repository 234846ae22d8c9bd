import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL only: a paid message in ONE round trip (issue 9, Performance; docs/decisions.md,
 * "A message on PostgreSQL is one function call"). The TypeScript send (chat-service.ts) is
 * about ten statements, each a round trip that waits for the app's event loop; on PostgreSQL
 * the same steps run here, inside the database, in the same order and with the same locks.
 * SQLite keeps the TypeScript path (its statements run in process, a round trip costs
 * nothing). Both are held to the same behaviour by the chat tests, which run on both.
 *
 * A change of the send's rules changes both: `storeMessage` in chat-service.ts and a new
 * migration that replaces these functions (this one is never edited once shipped).
 */

/**
 * record_member_events: the realtime event log's append (member-events.ts `recordAll`) as a
 * function the send calls. Each member's counter moves by their number of events, counters
 * locked in member id order (as recordAll does, so no two writers deadlock); their events
 * take the numbers in between, in the order given. Answers the numbers, in the order given.
 */
const recordMemberEvents = sql`
create or replace function record_member_events(
  p_member_ids integer[], p_events text[], p_created_at text
) returns integer[] language plpgsql as $$
declare
  v_member integer;
  v_count integer;
  v_next integer;
  v_seqs integer[] := array_fill(0, array[cardinality(p_member_ids)]);
begin
  for v_member, v_count in
    select member_id, count(*)::integer
      from unnest(p_member_ids) as given(member_id)
      group by member_id order by member_id
  loop
    insert into member_event_counters (member_id, last_seq) values (v_member, v_count)
      on conflict (member_id)
      do update set last_seq = member_event_counters.last_seq + excluded.last_seq
      returning last_seq - v_count into v_next;
    for i in 1 .. cardinality(p_member_ids) loop
      if p_member_ids[i] = v_member then
        v_next := v_next + 1;
        v_seqs[i] := v_next;
      end if;
    end loop;
  end loop;
  insert into member_events (member_id, seq, event_json, created_at)
    select member_id, seq, event_json, p_created_at
      from unnest(p_member_ids, v_seqs, p_events) as given(member_id, seq, event_json);
  return v_seqs;
end $$`;

/**
 * chat_send_message: storeMessage of chat-service.ts, step for step. Refusals raise an
 * exception whose message is the AppError code and whose hint is 'app_error'; the statement
 * (an implicit transaction) then stores and charges nothing. Answers
 * {"replay": message} when the sender's key is already used (a retry that raced its first
 * send), else {"message": message, "credits": balance, "seqs": [sender's, recipient's,
 * sender's balance event (paid only)]}.
 *
 * The events' JSON comes from the app (chat-presenter.ts messageEvent, credits.changed) with
 * the numbers only the database knows left to fill: message.id, message.conversation_id and
 * credits.
 */
const chatSendMessage = sql`
create or replace function chat_send_message(
  p_site_id integer, p_sender_id integer, p_recipient_id integer,
  p_kind text, p_text text, p_gift_id text, p_photo_storage_key text, p_client_key text,
  p_cost integer, p_conversation_limit integer, p_operator_state_if_fictional text,
  p_ledger_reason text, p_ledger_key text, p_created_at text,
  p_message_event jsonb, p_credits_event jsonb
) returns jsonb language plpgsql as $$
declare
  v_low integer := least(p_sender_id, p_recipient_id);
  v_high integer := greatest(p_sender_id, p_recipient_id);
  v_message messages;
  v_is_fictional integer;
  v_conversation_id integer;
  v_started boolean := false;
  v_credits integer;
  v_event text;
  v_member_ids integer[];
  v_events text[];
begin
  -- The sender's sends run one at a time from here (db/member-lock.ts), and a retry that
  -- raced its first send finds it: this statement's snapshot is taken after the lock.
  perform 1 from members where id = p_sender_id for no key update;
  select * into v_message from messages
    where sender_id = p_sender_id and client_key = p_client_key;
  if found then
    return jsonb_build_object('replay', to_jsonb(v_message));
  end if;

  -- spec §1, §6: the recipient as likes/like-cards.ts findVisibleCard sees them: this site,
  -- enabled, not invisible, not blocked either way, not the sender; else not_found.
  select members.is_fictional into v_is_fictional from members
    where members.id = p_recipient_id and members.id <> p_sender_id
      and members.site_id = p_site_id
      and members.profile_status = 'enabled' and members.is_invisible = 0
      and not exists (select 1 from blocks
        where blocks.blocker_id = p_sender_id and blocks.blocked_id = members.id)
      and not exists (select 1 from blocks
        where blocks.blocked_id = p_sender_id and blocks.blocker_id = members.id);
  if not found then
    raise exception using message = 'not_found', hint = 'app_error';
  end if;

  -- Find or start the pair's conversation (message-queries.ts findOrStartConversation).
  select id into v_conversation_id from conversations
    where member_low_id = v_low and member_high_id = v_high;
  if not found then
    insert into conversations (site_id, member_low_id, member_high_id, started_by, created_at)
      values (p_site_id, v_low, v_high, p_sender_id, p_created_at)
      on conflict (member_low_id, member_high_id) do nothing
      returning id into v_conversation_id;
    v_started := v_conversation_id is not null;
    if not v_started then
      select id into strict v_conversation_id from conversations
        where member_low_id = v_low and member_high_id = v_high;
    end if;
  end if;
  -- spec §6: the free-conversation limit (null: not limited), counted after the start.
  if v_started and p_conversation_limit is not null and (
    select count(*) from conversations
      where started_by = p_sender_id and site_id = p_site_id
  ) > p_conversation_limit then
    raise exception using message = 'premium_required', hint = 'app_error';
  end if;

  insert into messages (conversation_id, sender_id, recipient_id, kind, text, gift_id,
      photo_storage_key, photo_state, client_key, credits_spent, operator_state, created_at)
    values (v_conversation_id, p_sender_id, p_recipient_id, p_kind, p_text, p_gift_id,
      p_photo_storage_key, case when p_kind = 'photo' then 'pending' end, p_client_key,
      p_cost, case when v_is_fictional = 1 then p_operator_state_if_fictional end,
      p_created_at)
    returning * into v_message;

  -- The ledger (credits/credit-ledger.ts bookCredits): once per key, never below zero.
  if p_cost > 0 then
    select balance_after into v_credits from credit_transactions
      where idempotency_key = p_ledger_key;
    if not found then
      update members set credits = credits - p_cost
        where id = p_sender_id and credits - p_cost >= 0
        returning credits into v_credits;
      if not found then
        raise exception using message = 'insufficient_credits', hint = 'app_error';
      end if;
      insert into credit_transactions
          (member_id, amount, balance_after, reason, idempotency_key, created_at)
        values (p_sender_id, -p_cost, v_credits, p_ledger_reason, p_ledger_key, p_created_at);
    end if;
  else
    select credits into strict v_credits from members where id = p_sender_id;
  end if;

  -- Both list entries (message-queries.ts recordLastMessage), rows in member id order.
  insert into conversation_members as entry (conversation_id, member_id, partner_id,
      last_message_id, last_message_at, num_unread_messages, is_hidden)
    values
      (v_conversation_id, v_low, v_high, v_message.id, p_created_at,
        case when v_low = p_recipient_id then 1 else 0 end, 0),
      (v_conversation_id, v_high, v_low, v_message.id, p_created_at,
        case when v_high = p_recipient_id then 1 else 0 end, 0)
    on conflict (conversation_id, member_id) do update set
      last_message_id = excluded.last_message_id,
      last_message_at = excluded.last_message_at,
      num_unread_messages = entry.num_unread_messages + excluded.num_unread_messages,
      is_hidden = 0;

  v_event := jsonb_set(
    jsonb_set(p_message_event, '{message,id}', to_jsonb(v_message.id)),
    '{message,conversation_id}', to_jsonb(v_conversation_id))::text;
  v_member_ids := array[p_sender_id, p_recipient_id];
  v_events := array[v_event, v_event];
  if p_cost > 0 then
    v_member_ids := v_member_ids || p_sender_id;
    v_events := v_events || jsonb_set(p_credits_event, '{credits}', to_jsonb(v_credits))::text;
  end if;
  return jsonb_build_object(
    'message', to_jsonb(v_message),
    'credits', v_credits,
    'seqs', to_jsonb(record_member_events(v_member_ids, v_events, p_created_at)));
end $$`;

const isPostgres = (db: Kysely<unknown>) =>
  db.getExecutor().adapter.constructor.name.startsWith('Postgres');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await recordMemberEvents.execute(db);
  await chatSendMessage.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists chat_send_message`.execute(db);
  await sql`drop function if exists record_member_events`.execute(db);
}
