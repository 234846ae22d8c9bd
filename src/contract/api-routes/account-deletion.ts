import type { ApiRouteTable } from '@contract/endpoint';

// Issue 31 item 7: deleting one's account, the retention offer before it, and the undo.
export const accountDeletionRoutes = {
  retentionOffer: { method: 'GET', path: '/api/account-deletion.php' },
  takeRetentionDiscount: { method: 'POST', path: '/api/retention-discount.php' },
  deleteAccount: { method: 'POST', path: '/api/account-deletion.php' },
  restoreAccount: { method: 'POST', path: '/api/account-restore.php' },
} as const satisfies ApiRouteTable;
