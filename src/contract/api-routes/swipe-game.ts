import type { ApiRouteTable } from '@contract/endpoint';

export const swipeGameRoutes = {
  next: { method: 'GET', path: '/api/swipe-game.php' },
  swipe: { method: 'POST', path: '/api/swipe-game.php' },
} as const satisfies ApiRouteTable;
