import type { ApiRouteTable } from '@contract/endpoint';

export const geoRoutes = {
  geocode: { method: 'GET', path: '/api/geocode.php' },
} as const satisfies ApiRouteTable;

export const pageBouncesRoutes = {
  pageHidden: { method: 'POST', path: '/api/page-hidden.php' },
} as const satisfies ApiRouteTable;
