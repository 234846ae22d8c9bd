import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 item 4: fictional profiles in the console.
export const fictionalProfilesRoutes = {
  list: { method: 'GET', path: '/api/admin/fictional-profiles.php' },
  create: { method: 'POST', path: '/api/admin/fictional-profiles.php' },
  change: { method: 'PUT', path: '/api/admin/fictional-profiles.php' },
  one: { method: 'GET', path: '/api/admin/fictional-profile.php' },
  state: { method: 'PUT', path: '/api/admin/fictional-profile-state.php' },
  uploadPhoto: { method: 'POST', path: '/api/admin/fictional-photo.php' },
  removePhoto: { method: 'DELETE', path: '/api/admin/fictional-photo.php' },
} as const satisfies ApiRouteTable;
