import type { ApiRouteTable } from '@contract/endpoint';

export const paymentsRoutes = {
  bundles: { method: 'GET', path: '/api/bundles.php' },
  discountCode: { method: 'GET', path: '/api/discountcode.php' },
  quote: { method: 'GET', path: '/api/payment-quote.php' },
  checkout: { method: 'POST', path: '/api/checkout.php' },
  repeatOrder: { method: 'POST', path: '/api/repeat-order.php' },
  payment: { method: 'GET', path: '/api/payment.php' },
  transactions: { method: 'GET', path: '/api/transactions.php' },
  removeStoredPayments: { method: 'DELETE', path: '/api/stored-payments.php' },
  refund: { method: 'POST', path: '/api/refund.php' },
  spendingCap: { method: 'GET', path: '/api/spending-cap.php' },
  setSpendingCap: { method: 'PUT', path: '/api/spending-cap.php' },
  directDebit: { method: 'POST', path: '/api/directdebit.php' },
  directDebitConfirm: { method: 'POST', path: '/api/directdebit-confirm.php' },
  webhook: { method: 'POST', path: '/api/payment-webhook.php' },
} as const satisfies ApiRouteTable;
