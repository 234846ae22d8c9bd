import type { ApiRouteTable } from '@contract/endpoint';

export const notificationsRoutes = {
  settings: { method: 'GET', path: '/api/notifications.php' },
  changeSettings: { method: 'PUT', path: '/api/notifications.php' },
  // spec §7: the push variant of POST /api/user.php, told apart by ?push=1.
  subscribePush: { method: 'POST', path: '/api/user.php' },
  unsubscribeLink: { method: 'GET', path: '/api/unsubscribe.php' },
  unsubscribeOneClick: { method: 'POST', path: '/api/unsubscribe.php' },
  mailReports: { method: 'POST', path: '/api/mail-reports.php' },
} as const satisfies ApiRouteTable;
