import type { directDebitChangeSchema } from '@contract/admin-business';
import type { z } from 'zod';
import type { Db } from '@server/db/database';
import { setDirectDebitRules } from '@server/db/members-table';
import { recordAudit } from '@server/db/staff-audit-table';
import type { Staff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';
import { monthlyLimitOf } from '../direct-debit-service';

/** spec §8: a member's direct-debit block flag and monthly limit, as the console shows them. */
export async function directDebitRulesOf(
  db: Db,
  siteId: number,
  memberId: number,
  siteLimit: Record<string, number>,
) {
  const member = await db
    .selectFrom('members')
    .select(['id', 'name', 'direct_debit_blocked', 'direct_debit_limit_json'])
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .where('is_fictional', '=', 0)
    .executeTakeFirst();
  if (!member) throw new AppError('not_found', 'not_found');
  return {
    member_id: member.id,
    member_name: member.name,
    blocked: member.direct_debit_blocked === 1,
    monthly_limit: monthlyLimitOf(member.direct_debit_limit_json),
    site_monthly_limit: siteLimit,
  };
}

/** Changes them (owner or admin), audited with before and after in the same transaction. */
export async function changeDirectDebitRules(
  db: Db,
  staff: Staff,
  siteId: number,
  change: z.infer<typeof directDebitChangeSchema>,
  siteLimit: Record<string, number>,
) {
  return db.transaction().execute(async (trx) => {
    const before = await directDebitRulesOf(trx, siteId, change.member, siteLimit);
    if (change.blocked === undefined && change.monthly_limit === undefined) return before;
    await setDirectDebitRules(trx, change.member, {
      ...(change.blocked !== undefined ? { blocked: change.blocked } : {}),
      ...(change.monthly_limit !== undefined
        ? {
            limitJson: change.monthly_limit === null ? null : JSON.stringify(change.monthly_limit),
          }
        : {}),
    });
    const after = await directDebitRulesOf(trx, siteId, change.member, siteLimit);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'member.direct_debit',
      siteId,
      subject: `member ${change.member}`,
      before: { blocked: before.blocked, monthly_limit: before.monthly_limit },
      after: { blocked: after.blocked, monthly_limit: after.monthly_limit },
    });
    return after;
  });
}
