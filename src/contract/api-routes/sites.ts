import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 items 6 and 9: the console's sites and their figures.
export const sitesRoutes = {
  list: { method: 'GET', path: '/api/admin/sites.php' },
  create: { method: 'POST', path: '/api/admin/sites.php' },
  detail: { method: 'GET', path: '/api/admin/site.php' },
  changeSettings: { method: 'PUT', path: '/api/admin/site.php' },
  changeDomains: { method: 'PUT', path: '/api/admin/site-domains.php' },
  changeCompany: { method: 'PUT', path: '/api/admin/site-company.php' },
  interests: { method: 'GET', path: '/api/admin/interests.php' },
  changeInterests: { method: 'PUT', path: '/api/admin/interests.php' },
  figures: { method: 'GET', path: '/api/admin/site-figures.php' },
} as const satisfies ApiRouteTable;
