import type { Generated } from 'kysely';

// The payments feature's tables (migrations 0008-payments, 0009-payments-recurring, 0014), intersected into db/schema.ts.
export interface PaymentsTable {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  bundle_id: string;
  credits: number;
  currency: string;
  list_price_cents: number;
  discount_cents: number;
  amount_cents: number;
  vat_percent: number;
  discount_code: string | null;
  method: string;
  issuer: string | null;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: string;
  order_key: string;
  created_at: string;
  updated_at: string;
  fulfilled_at: string | null;
  refunded_at: string | null;
  /** oneoff, first or recurring (migration 0009). */
  sequence_type: Generated<string>;
  refund_requested_at: string | null;
  discount_released_at: string | null;
  /** Cents the provider reports charged back or refunded in its dashboard, applied (0013). */
  reversed_cents: Generated<number>;
}

/** A member's customer at a provider, holding the mandates of first payments (0009). */
export interface PaymentCustomersTable {
  member_id: number;
  provider: string;
  customer_id: string;
  created_at: string;
}

/** The demo provider's own records (0009): it stands for a provider's servers. */
export interface DemoPaymentsTable {
  id: string;
  idempotency_key: string;
  request_json: string;
  status: string;
  paid_at: string | null;
  created_at: string;
}

export interface DemoMandatesTable {
  id: string;
  customer_id: string;
  method: string;
  label: string | null;
  status: string;
  created_at: string;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  country: string | null;
  member_id: number | null;
  expires_at: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_cents: Generated<number>;
  status: Generated<string>;
  validity: string;
  payment_methods_json: Generated<string>;
  created_at: string;
}

export interface DiscountRedemptionsTable {
  payment_id: number;
  site_id: number;
  code: string;
  member_id: number;
  created_at: string;
  /** Unique: one paid order per single use of a code (0013); null for a `many` code. */
  single_use_key: string | null;
}

/** Credits a chargeback or dashboard refund could not take back (0013): the member owes them. */
export interface CreditDebtsTable {
  member_id: number;
  credits: number;
  updated_at: string;
}

export interface DirectDebitRequestsTable {
  id: Generated<number>;
  member_id: number;
  bundle_id: string;
  discount_code: string | null;
  order_key: string;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  payment_id: number | null;
  created_at: string;
  /** The member's consent: the code confirmed the mandate text of this version (0021). */
  consented_at: string | null;
  consent_wording: string | null;
  /** The SEPA mandate made at the provider from this form, and its customer (0021). */
  customer_id: string | null;
  mandate_id: string | null;
}

export interface OutboxSmsTable {
  id: Generated<number>;
  site_id: number;
  phone: string;
  text: string;
  created_at: string;
}

/** A member's consent to keep a mandate for repeat orders, given at one checkout (0014). */
export interface MandateConsentsTable {
  id: Generated<number>;
  member_id: number;
  payment_id: number;
  mandate_method: string;
  amount_cents: number;
  currency: string;
  wording: string;
  given_at: string;
  revoked_at: string | null;
}

/** This installation's identity (0020, issue 29 item 10): one row. */
export interface InstallationIdentityTable {
  id: number;
  installation_id: string;
  created_at: string;
}

/** A member's own monthly purchase limit (0038, issue 31 item 9; features/payments/spending-cap.ts). */
export interface SpendingCapsTable {
  member_id: number;
  cap_cents: number | null;
  currency: string;
  next_cap_cents: number | null;
  next_from: string | null;
  updated_at: string;
}

export interface PaymentTables {
  payments: PaymentsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  direct_debit_requests: DirectDebitRequestsTable;
  outbox_sms: OutboxSmsTable;
  payment_customers: PaymentCustomersTable;
  demo_payments: DemoPaymentsTable;
  demo_mandates: DemoMandatesTable;
  credit_debts: CreditDebtsTable;
  mandate_consents: MandateConsentsTable;
  installation_identity: InstallationIdentityTable;
  spending_caps: SpendingCapsTable;
}
