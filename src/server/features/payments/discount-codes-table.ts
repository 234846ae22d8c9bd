import type {
  AdminDiscountCode,
  discountCodeChangeSchema,
  discountCodeCreateSchema,
} from '@contract/admin-business';
import { TIME_BONUS_CODE, WELCOME_CODE } from '@contract/payments';
import type { z } from 'zod';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import { recordAudit } from '@server/db/staff-audit-table';
import { AppError } from '@server/errors/app-error';
import { type Row, columnsOf, present } from './discount-code-rows';

/**
 * The owner of discount_codes (issue 30 item 7): the console creates, edits and ends codes
 * here only, each change audited in its own transaction. discounts.ts reads them at checkout
 * with every §3 field, so what the console writes is exactly what a member can redeem.
 */
const usesOf = (db: Db, siteId: number) =>
  db
    .selectFrom('discount_redemptions')
    .select(['code', (eb) => eb.fn.countAll<number>().as('uses')])
    .where('site_id', '=', siteId)
    .groupBy('code');

/** The site's codes, newest first, each with its number of uses (paid orders). */
export async function listDiscountCodes(db: Db, siteId: number, now = new Date()) {
  const [rows, uses] = await Promise.all([
    db
      .selectFrom('discount_codes')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .execute(),
    usesOf(db, siteId).execute(),
  ]);
  const count = new Map(uses.map((use) => [use.code, Number(use.uses)]));
  return rows.map((row) => present(row, count.get(row.code) ?? 0, now));
}

async function findCode(db: Db, siteId: number, id: number): Promise<Row> {
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  return row;
}

/** A code for one member (spec §3 user_id) names a member of this site. */
async function assertSiteMember(db: Db, siteId: number, memberId: number | null | undefined) {
  if (memberId === null || memberId === undefined) return;
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!member) throw new AppError('not_found', 'not_found');
}

/** The built-in first-purchase codes are the app's own: no stored code may shadow them. */
const RESERVED = [TIME_BONUS_CODE, WELCOME_CODE];

export async function createDiscountCode(
  db: Db,
  staff: Staff,
  siteId: number,
  input: z.infer<typeof discountCodeCreateSchema>,
  now = new Date(),
): Promise<AdminDiscountCode> {
  if (RESERVED.includes(input.code)) throw new AppError('code_taken', 'conflict');
  await assertSiteMember(db, siteId, input.user_id);
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('discount_codes')
        .select('id')
        .where('site_id', '=', siteId)
        .where('code', '=', input.code)
        .executeTakeFirst();
      if (taken) throw new AppError('code_taken', 'conflict');
      const row = await trx
        .insertInto('discount_codes')
        .values({
          site_id: siteId,
          code: input.code,
          value_percentage: input.value_percentage,
          validity: input.validity,
          ...columnsOf(input),
          status: 'active',
          created_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const code = present(row, 0, now);
      await recordAudit(
        trx,
        {
          staffId: staff.id,
          action: 'discount_code.create',
          siteId,
          subject: code.code,
          after: code,
        },
        now,
      );
      return code;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two creations of one code at once: the unique index (site, code) decides.
    const again = await db
      .selectFrom('discount_codes')
      .select('id')
      .where('site_id', '=', siteId)
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (again) throw new AppError('code_taken', 'conflict');
    throw error;
  }
}

/** Edits any §3 field, or ends (status inactive) or reopens a code; audited with before/after. */
export async function changeDiscountCode(
  db: Db,
  staff: Staff,
  siteId: number,
  input: z.infer<typeof discountCodeChangeSchema>,
  now = new Date(),
): Promise<AdminDiscountCode> {
  await assertSiteMember(db, siteId, input.user_id);
  return db.transaction().execute(async (trx) => {
    const before = await findCode(trx, siteId, input.id);
    const after = await trx
      .updateTable('discount_codes')
      .set(columnsOf(input))
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const uses = await usesOf(trx, siteId).where('code', '=', before.code).executeTakeFirst();
    const count = Number(uses?.uses ?? 0);
    const code = present(after, count, now);
    await recordAudit(
      trx,
      {
        staffId: staff.id,
        action: input.status === 'inactive' ? 'discount_code.end' : 'discount_code.change',
        siteId,
        subject: before.code,
        before: present(before, count, now),
        after: code,
      },
      now,
    );
    return code;
  });
}

/** The paid orders that redeemed a code, newest first. */
export async function discountCodeUses(db: Db, siteId: number, id: number) {
  const code = await findCode(db, siteId, id);
  const rows = await db
    .selectFrom('discount_redemptions')
    .innerJoin('members', 'members.id', 'discount_redemptions.member_id')
    .leftJoin('payments', 'payments.id', 'discount_redemptions.payment_id')
    .select([
      'discount_redemptions.member_id',
      'members.name as member_name',
      'discount_redemptions.payment_id',
      'payments.amount_cents',
      'payments.currency',
      'discount_redemptions.created_at as used_at',
    ])
    .where('discount_redemptions.site_id', '=', siteId)
    .where('discount_redemptions.code', '=', code.code)
    .orderBy('discount_redemptions.created_at', 'desc')
    .limit(500)
    .execute();
  return rows;
}
