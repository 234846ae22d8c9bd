import type { Generated } from 'kysely';

// The payments feature's tables (migration 0008-payments), intersected into db/schema.ts.
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
}

export interface OutboxSmsTable {
  id: Generated<number>;
  site_id: number;
  phone: string;
  text: string;
  created_at: string;
}

export interface PaymentTables {
  payments: PaymentsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  direct_debit_requests: DirectDebitRequestsTable;
  outbox_sms: OutboxSmsTable;
}
