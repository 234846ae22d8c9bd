import type { AdminDiscountCode, discountCodeCreateSchema } from '@contract/admin-business';
import { paymentMethodSchema } from '@contract/payments';
import type { z } from 'zod';

// A discount_codes row as the console shows it, and a console edit as the row's columns
// (discount-codes-table.ts writes them).
export type Row = {
  id: number;
  code: string;
  country: string | null;
  member_id: number | null;
  expires_at: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_cents: number;
  status: string;
  validity: string;
  payment_methods_json: string;
  created_at: string;
};

export const present = (row: Row, uses: number, now: Date): AdminDiscountCode => ({
  id: row.id,
  code: row.code,
  country: row.country,
  user_id: row.member_id,
  expires: row.expires_at,
  value_percentage: row.value_percentage,
  currency: row.currency,
  minimum_order_value: row.minimum_order_cents,
  validity: row.validity as AdminDiscountCode['validity'],
  paymentmethods: paymentMethodSchema.array().catch([]).parse(JSON.parse(row.payment_methods_json)),
  status: row.status === 'active' ? 'active' : 'inactive',
  expired: row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime(),
  uses,
  created_at: row.created_at,
});

type Fields = Partial<z.infer<typeof discountCodeCreateSchema>> & { status?: string };
export const columnsOf = (fields: Fields) => ({
  ...(fields.country !== undefined ? { country: fields.country } : {}),
  ...(fields.user_id !== undefined ? { member_id: fields.user_id } : {}),
  ...(fields.expires !== undefined
    ? { expires_at: fields.expires === null ? null : new Date(fields.expires).toISOString() }
    : {}),
  ...(fields.value_percentage !== undefined ? { value_percentage: fields.value_percentage } : {}),
  ...(fields.currency !== undefined ? { currency: fields.currency } : {}),
  ...(fields.minimum_order_value !== undefined
    ? { minimum_order_cents: fields.minimum_order_value }
    : {}),
  ...(fields.validity !== undefined ? { validity: fields.validity } : {}),
  ...(fields.paymentmethods !== undefined
    ? { payment_methods_json: JSON.stringify([...new Set(fields.paymentmethods)]) }
    : {}),
  ...(fields.status !== undefined ? { status: fields.status } : {}),
});
