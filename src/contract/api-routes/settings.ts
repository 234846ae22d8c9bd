import type { ApiRouteTable } from '@contract/endpoint';

export const settingsRoutes = {
  settings: { method: 'GET', path: '/api/settings.php' },
  companyInfo: { method: 'GET', path: '/api/companyinfo.php' },
  interests: { method: 'GET', path: '/api/interests.php' },
  regions: { method: 'GET', path: '/api/regions.php' },
} as const satisfies ApiRouteTable;
