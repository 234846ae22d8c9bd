import type { ApiRouteTable } from '@contract/endpoint';

export const blocksRoutes = {
  block: { method: 'POST', path: '/api/block.php' },
  unblock: { method: 'DELETE', path: '/api/block.php' },
  blocked: { method: 'GET', path: '/api/blocks.php' },
} as const satisfies ApiRouteTable;
