import type { ApiRouteTable } from '@contract/endpoint';

export const profilesRoutes = {
  ownProfile: { method: 'GET', path: '/api/profile.php' },
  saveProfile: { method: 'PUT', path: '/api/profile.php' },
  member: { method: 'GET', path: '/api/member.php' },
  setInvisible: { method: 'PUT', path: '/api/invisible.php' },
} as const satisfies ApiRouteTable;
