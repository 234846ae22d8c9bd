import type { ApiRouteTable } from '@contract/endpoint';

export const authRoutes = {
  user: { method: 'GET', path: '/api/user.php' },
  logIn: { method: 'POST', path: '/api/user.php' },
  changeLanguage: { method: 'PUT', path: '/api/user.php' },
  logOut: { method: 'GET', path: '/api/logout.php' },
} as const satisfies ApiRouteTable;
