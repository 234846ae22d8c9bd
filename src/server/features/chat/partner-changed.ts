import type { Db } from '@server/db/database';
import type { MemberEvents } from '@server/realtime/member-events';

/**
 * issue 31 item 7: when a member deletes or restores their account, each partner's open tabs
 * reload that conversation and the chat list at once, instead of showing the old name until
 * the next refetch. The events are stored in one transaction, then published: a tab that is
 * offline now receives them when it resumes.
 */
export async function tellPartnersOf(db: Db, events: MemberEvents, memberId: number) {
  const stored = await db.transaction().execute(async (trx) => {
    // The member's own sides name each partner (and walk the list index by member_id).
    const sides = await trx
      .selectFrom('conversation_members')
      .select(['partner_id', 'conversation_id'])
      .where('member_id', '=', memberId)
      .execute();
    const recorded = [];
    for (const side of sides)
      recorded.push(
        await events.record(trx, side.partner_id, {
          type: 'partner.changed',
          conversation_id: side.conversation_id,
        }),
      );
    return recorded;
  });
  await events.publish(stored).catch(() => undefined);
}
