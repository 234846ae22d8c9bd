import type { ApiRouteTable } from '@contract/endpoint';

export const membersRoutes = {
  featured: { method: 'GET', path: '/api/featured.php' },
  search: { method: 'GET', path: '/api/search.php' },
  matchFinder: { method: 'GET', path: '/api/match-finder.php' },
  saveMatchFinder: { method: 'PUT', path: '/api/match-finder.php' },
} as const satisfies ApiRouteTable;
