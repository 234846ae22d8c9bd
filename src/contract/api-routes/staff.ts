import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 items 1 and 2: the console's staff accounts and the audit log.
export const staffRoutes = {
  logIn: { method: 'POST', path: '/api/admin/login.php' },
  logOut: { method: 'POST', path: '/api/admin/logout.php' },
  me: { method: 'GET', path: '/api/admin/me.php' },
  list: { method: 'GET', path: '/api/admin/staff.php' },
  create: { method: 'POST', path: '/api/admin/staff.php' },
  change: { method: 'PUT', path: '/api/admin/staff.php' },
  audit: { method: 'GET', path: '/api/admin/audit.php' },
} as const satisfies ApiRouteTable;
