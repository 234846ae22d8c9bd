import type { ApiRouteTable } from '@contract/endpoint';

export const likesRoutes = {
  like: { method: 'POST', path: '/api/like.php' },
  unlike: { method: 'DELETE', path: '/api/like.php' },
  likes: { method: 'GET', path: '/api/likes.php' },
  page: { method: 'GET', path: '/api/likes-page.php' },
  seen: { method: 'POST', path: '/api/like-seen.php' },
  autoLike: { method: 'GET', path: '/api/auto-like.php' },
} as const satisfies ApiRouteTable;
