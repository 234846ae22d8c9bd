import type { ApiRouteTable } from '@contract/endpoint';

// Issue 30 item 3: the fictional-profile inbox.
export const operatorInboxRoutes = {
  queue: { method: 'GET', path: '/api/admin/inbox.php' },
  claim: { method: 'POST', path: '/api/admin/inbox-claim.php' },
  release: { method: 'DELETE', path: '/api/admin/inbox-claim.php' },
  conversation: { method: 'GET', path: '/api/admin/inbox-conversation.php' },
  photo: { method: 'GET', path: '/api/admin/inbox-photo.php' },
  answer: { method: 'POST', path: '/api/admin/inbox-answer.php' },
  note: { method: 'PUT', path: '/api/admin/inbox-note.php' },
  figures: { method: 'GET', path: '/api/admin/inbox-figures.php' },
  events: { method: 'GET', path: '/api/admin/inbox-events.php' },
} as const satisfies ApiRouteTable;
