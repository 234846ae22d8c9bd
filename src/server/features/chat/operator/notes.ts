import type { Db } from '@server/db/database';
import { recordAudit } from '@server/db/staff-audit-table';
import type { Staff } from '@server/db/staff-record';
import type { InboxConversation } from './inbox-conversation';

/**
 * Saves the notes on a (fictional profile, member) pair, shared by every operator so the
 * persona stays consistent whoever answers (issue 30 item 3). Audited with before and after.
 */
export async function saveNote(
  db: Db,
  staff: Staff,
  { siteId, profile, member }: InboxConversation,
  text: string,
  now = new Date(),
) {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('operator_notes')
      .select('text')
      .where('profile_id', '=', profile.id)
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    await trx
      .insertInto('operator_notes')
      .values({
        profile_id: profile.id,
        member_id: member.id,
        text,
        updated_by: staff.id,
        updated_at: at,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['profile_id', 'member_id'])
          .doUpdateSet({ text, updated_by: staff.id, updated_at: at }),
      )
      .execute();
    await recordAudit(
      trx,
      {
        staffId: staff.id,
        action: 'chat.operator_note',
        siteId,
        subject: `note:${profile.id}:${member.id}`,
        before: before ? { text: before.text } : null,
        after: { text },
      },
      now,
    );
  });
  return { text, updated_at: at, updated_by: staff.name };
}
