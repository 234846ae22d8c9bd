import type { ApiRouteTable } from '@contract/endpoint';

export const memberLandingRoutes = {
  member: { method: 'GET', path: '/api/member-landing.php' },
} as const satisfies ApiRouteTable;
