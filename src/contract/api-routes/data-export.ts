import type { ApiRouteTable } from '@contract/endpoint';

// Issue 31 item 8: a member's export of their own data.
export const dataExportRoutes = {
  requestExport: { method: 'POST', path: '/api/data-export.php' },
  latestExport: { method: 'GET', path: '/api/data-export.php' },
  /** The token travels in the body, never in a URL a log could keep. */
  downloadExport: { method: 'POST', path: '/api/data-export-download.php' },
} as const satisfies ApiRouteTable;
