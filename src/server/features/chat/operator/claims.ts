import type { Claim } from '@contract/operator-inbox';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';

/** A claim lapses after this long without the operator renewing it (claiming again). */
export const CLAIM_IDLE_MINUTES = 10;

/**
 * Claims a conversation for this operator, or renews their own claim (issue 30 item 3). One
 * conditional statement on the claims' primary key: a new row, or taking over a lapsed
 * claim, or renewing one's own. Two operators at once: exactly one gets a row back, on both
 * databases; the other gets conversation_claimed.
 */
export async function claimConversation(
  db: Db,
  { siteId, staff, conversationId }: { siteId: number; staff: Staff; conversationId: number },
  now = new Date(),
): Promise<Claim> {
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + CLAIM_IDLE_MINUTES * 60_000).toISOString();
  const row = await db
    .insertInto('operator_claims')
    .values({
      conversation_id: conversationId,
      site_id: siteId,
      staff_id: staff.id,
      claimed_at: nowIso,
      expires_at: expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('conversation_id')
        .doUpdateSet({ staff_id: staff.id, claimed_at: nowIso, expires_at: expiresAt })
        .where((eb) =>
          eb.or([
            eb('operator_claims.expires_at', '<=', nowIso),
            eb('operator_claims.staff_id', '=', staff.id),
          ]),
        ),
    )
    .returning(['staff_id', 'expires_at'])
    .executeTakeFirst();
  if (!row) throw new AppError('conversation_claimed', 'conflict');
  return { staff_id: staff.id, staff_name: staff.name, mine: true, expires_at: row.expires_at };
}

/** Gives one's own claim back (the operator leaves the conversation unanswered). */
export async function releaseClaim(db: Db, staffId: number, conversationId: number) {
  const result = await db
    .deleteFrom('operator_claims')
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The live claim on a conversation, as this operator sees it, or null. */
export async function liveClaimOf(
  db: Db,
  conversationId: number,
  viewerId: number,
  now = new Date(),
): Promise<Claim | null> {
  const row = await db
    .selectFrom('operator_claims')
    .innerJoin('staff', 'staff.id', 'operator_claims.staff_id')
    .select(['operator_claims.staff_id', 'staff.name', 'operator_claims.expires_at'])
    .where('operator_claims.conversation_id', '=', conversationId)
    .where('operator_claims.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row
    ? {
        staff_id: row.staff_id,
        staff_name: row.name,
        mine: row.staff_id === viewerId,
        expires_at: row.expires_at,
      }
    : null;
}

/**
 * Ends the operator's live claim inside the answer's transaction: the answer is refused
 * (claim_required) unless exactly this operator held it, unexpired, up to this statement.
 */
export async function takeLiveClaim(trx: Db, staffId: number, conversationId: number, now: Date) {
  const result = await trx
    .deleteFrom('operator_claims')
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AppError('claim_required', 'conflict');
}
