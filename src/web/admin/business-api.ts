import { typedRoutes } from '@contract/endpoint';
import type { adminBusinessApi as AdminBusinessApi } from '@contract/endpoints/admin-business';
import { adminBusinessRoutes } from '@contract/api-routes/admin-business';
import type { Catalogue } from '@locales/translate';
import { addCatalogues } from '@web/i18n/translator';
import { queryKeys } from '@web/api/query-keys';

// Issue 30 items 7 and 8: the console's codes and payments endpoints, texts and query keys,
// all in the console's chunk.
export const businessApi = typedRoutes<typeof AdminBusinessApi>(adminBusinessRoutes);

addCatalogues(
  import.meta.glob<Catalogue>('../locales/*/admin-business.json', { import: 'default' }),
);

export const businessKeys = {
  discountCodes: queryKeys.admin('discount-codes'),
  invites: queryKeys.admin('invites'),
  uses: (kind: 'discount' | 'invite', id: number) => queryKeys.admin('code-uses', kind, id),
  payments: (filters: object) => queryKeys.admin('payments', filters),
  debts: queryKeys.admin('debts'),
  directDebit: (member: number) => queryKeys.admin('direct-debit', member),
};

/** Cents as money in the console's language. */
export const money = (cents: number, currency: string | null, language: string) =>
  currency
    ? new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100)
    : (cents / 100).toFixed(2);

export const shortTime = (iso: string | null) =>
  iso === null
    ? ''
    : new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
