import type { Db } from '@server/db/database';
import type { PaymentProvider } from './providers/payment-provider';

// Issue 31 item 7: the payments' part of erasing a deleted account after its 14 days. The
// payments, the ledger, debts, mandate consents, redemptions and direct-debit requests stay
// for the bookkeeping (pointing at the pseudonymised member row); what says who paid goes.

/**
 * Deletes the member's customers at the provider (Mollie: the customer and its mandates),
 * then their rows. Runs before the erasure's transaction and again on a retry: a customer
 * already gone is no error. A row of another provider than the configured one cannot be
 * reached any more and is only dropped.
 */
export async function forgetProviderCustomers(
  db: Db,
  provider: PaymentProvider | null,
  memberId: number,
): Promise<void> {
  const customers = await db
    .selectFrom('payment_customers')
    .select(['provider', 'customer_id'])
    .where('member_id', '=', memberId)
    .execute();
  for (const customer of customers) {
    if (provider?.recurring && customer.provider === provider.name)
      await provider.recurring.deleteCustomer(customer.customer_id);
    await db
      .deleteFrom('payment_customers')
      .where('member_id', '=', memberId)
      .where('provider', '=', customer.provider)
      .execute();
  }
}

/** Erases the account holder, IBAN, address and phone of direct-debit requests; and personal codes. */
export async function erasePaymentDetails(trx: Db, memberId: number): Promise<void> {
  // The texts of the code (kept only where no SMS gateway is configured) carry the phone too.
  await trx
    .deleteFrom('outbox_sms')
    .where('phone', 'in', (eb) =>
      eb.selectFrom('direct_debit_requests').select('phone').where('member_id', '=', memberId),
    )
    .execute();
  await trx
    .updateTable('direct_debit_requests')
    .set({
      account_holder: '',
      iban: '',
      street: '',
      house_number: '',
      zip: '',
      city: '',
      phone: '',
    })
    .where('member_id', '=', memberId)
    .execute();
  // A redemption keeps the code's text; the code itself was for this member alone.
  await trx.deleteFrom('discount_codes').where('member_id', '=', memberId).execute();
}
