import type { Db } from '@server/db/database';

// payments.json, credits.json, direct-debit.json, consents.json and sessions.json of an
// export (issue 31 item 8): the member's own records, minus the secrets the site keeps to
// check them (token hashes, the direct-debit code's hash).

export async function accountParts(db: Db, memberId: number) {
  const [
    payments,
    customers,
    redemptions,
    transactions,
    debt,
    directDebits,
    consents,
    sessions,
    devices,
  ] = await Promise.all([
    db.selectFrom('payments').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
    db
      .selectFrom('payment_customers')
      .select(['provider', 'customer_id', 'created_at'])
      .where('member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('discount_redemptions')
      .select(['payment_id', 'code', 'created_at'])
      .where('member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('credit_transactions')
      .select(['id', 'amount', 'balance_after', 'reason', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('credit_debts')
      .select(['credits', 'updated_at'])
      .where('member_id', '=', memberId)
      .executeTakeFirst(),
    db
      .selectFrom('direct_debit_requests')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('mandate_consents')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('trusted_devices')
      .select(['created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    payments: { payments, provider_customers: customers, discount_redemptions: redemptions },
    credits: { transactions, debt: debt ?? null },
    directDebit: directDebits.map(({ code_hash: _secret, ...request }) => request),
    consents: consents.map(({ member_id: _member, ...consent }) => consent),
    sessions: { sessions, trusted_devices: devices },
  };
}
