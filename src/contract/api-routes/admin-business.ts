import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 items 7 and 8: codes, invites, payments, refunds and debts in the console.
export const adminBusinessRoutes = {
  discountCodes: { method: 'GET', path: '/api/admin/discount-codes.php' },
  createDiscountCode: { method: 'POST', path: '/api/admin/discount-codes.php' },
  changeDiscountCode: { method: 'PUT', path: '/api/admin/discount-codes.php' },
  discountCodeUses: { method: 'GET', path: '/api/admin/discount-code-uses.php' },
  invites: { method: 'GET', path: '/api/admin/invites.php' },
  createInvite: { method: 'POST', path: '/api/admin/invites.php' },
  endInvite: { method: 'DELETE', path: '/api/admin/invites.php' },
  inviteUses: { method: 'GET', path: '/api/admin/invite-uses.php' },
  transactions: { method: 'GET', path: '/api/admin/payments.php' },
  refund: { method: 'POST', path: '/api/admin/payment-refund.php' },
  debts: { method: 'GET', path: '/api/admin/credit-debts.php' },
  directDebit: { method: 'GET', path: '/api/admin/member-direct-debit.php' },
  changeDirectDebit: { method: 'PUT', path: '/api/admin/member-direct-debit.php' },
} as const satisfies ApiRouteTable;
