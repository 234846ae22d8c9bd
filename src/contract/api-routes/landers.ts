import type { ApiRouteTable } from '@contract/endpoint';

export const landersRoutes = {
  lander: { method: 'GET', path: '/api/lander.php' },
} as const satisfies ApiRouteTable;
