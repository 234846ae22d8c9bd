import type { ApiRouteTable } from '@contract/endpoint';

export const photosRoutes = {
  upload: { method: 'POST', path: '/api/photos.php' },
  reorder: { method: 'PUT', path: '/api/photos.php' },
  remove: { method: 'DELETE', path: '/api/photos.php' },
} as const satisfies ApiRouteTable;
