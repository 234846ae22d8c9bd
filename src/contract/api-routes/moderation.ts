import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 item 5: moderation in the operator console.
export const moderationRoutes = {
  memberLookup: { method: 'GET', path: '/api/admin/members.php' },
  memberCard: { method: 'GET', path: '/api/admin/member.php' },
  ban: { method: 'POST', path: '/api/admin/member-ban.php' },
  unban: { method: 'DELETE', path: '/api/admin/member-ban.php' },
  photoQueue: { method: 'GET', path: '/api/admin/photos.php' },
  photoDecision: { method: 'POST', path: '/api/admin/photo-decision.php' },
  reports: { method: 'GET', path: '/api/admin/reports.php' },
  resolveReport: { method: 'POST', path: '/api/admin/report-resolution.php' },
} as const satisfies ApiRouteTable;
