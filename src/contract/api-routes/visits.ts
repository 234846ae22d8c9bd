import type { ApiRouteTable } from '@contract/endpoint';

export const visitsRoutes = {
  visit: { method: 'POST', path: '/api/visit.php' },
} as const satisfies ApiRouteTable;
