import type { InboxEntry } from '@contract/operator-inbox';
import type { Locale } from '@contract/locales';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';

const QUEUE_LIMIT = 200;

/**
 * The conversations in which a member wrote to a fictional profile of this site and waits,
 * oldest wait first (issue 30 item 3), in the languages the operator answers in, with each
 * one's live claim. Starts from messages_operator_queue (operator_state, id).
 */
export async function listInbox(
  db: Db,
  siteId: number,
  staff: Staff,
  now = new Date(),
): Promise<InboxEntry[]> {
  const nowIso = now.toISOString();
  let query = db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .innerJoin('members as member', 'member.id', 'messages.sender_id')
    .innerJoin('members as profile', 'profile.id', 'messages.recipient_id')
    .leftJoin('operator_claims', (join) =>
      join
        .onRef('operator_claims.conversation_id', '=', 'messages.conversation_id')
        .on('operator_claims.expires_at', '>', nowIso),
    )
    .leftJoin('staff', 'staff.id', 'operator_claims.staff_id')
    .where('messages.operator_state', '=', 'waiting')
    .where('conversations.site_id', '=', siteId)
    .where('profile.is_fictional', '=', 1)
    // Issue 30 item 4: a paused or retired profile's conversations leave the inbox (kept).
    .where('profile.status', '=', 'active')
    .where('member.is_fictional', '=', 0)
    .select([
      'messages.conversation_id',
      'member.id as member_id',
      'member.name as member_name',
      'member.language as member_language',
      'profile.id as profile_id',
      'profile.name as profile_name',
      'operator_claims.staff_id as claim_staff_id',
      'operator_claims.expires_at as claim_expires_at',
      'staff.name as claim_staff_name',
    ])
    .select((eb) => [
      eb.fn.min('messages.created_at').as('waiting_since'),
      eb.fn.countAll<number>().as('waiting_count'),
      eb.fn.min('messages.id').as('first_id'),
    ])
    .groupBy([
      'messages.conversation_id',
      'member.id',
      'member.name',
      'member.language',
      'profile.id',
      'profile.name',
      'operator_claims.staff_id',
      'operator_claims.expires_at',
      'staff.name',
    ])
    .orderBy('first_id')
    .limit(QUEUE_LIMIT);
  if (staff.languages.length > 0) query = query.where('member.language', 'in', staff.languages);
  const rows = await query.execute();
  return rows.map((row) => ({
    conversation: row.conversation_id,
    profile: { id: row.profile_id, name: row.profile_name },
    member: { id: row.member_id, name: row.member_name, language: row.member_language as Locale },
    waiting_since: String(row.waiting_since),
    waiting_count: Number(row.waiting_count),
    claim:
      row.claim_staff_id !== null && row.claim_expires_at !== null
        ? {
            staff_id: row.claim_staff_id,
            staff_name: row.claim_staff_name ?? '',
            mine: row.claim_staff_id === staff.id,
            expires_at: row.claim_expires_at,
          }
        : null,
  }));
}

/** How many conversations of the site wait (the figures' waiting count). */
export async function countWaiting(db: Db, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .where('messages.operator_state', '=', 'waiting')
    .where('conversations.site_id', '=', siteId)
    .select((eb) => eb.fn.count<number>('messages.conversation_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
