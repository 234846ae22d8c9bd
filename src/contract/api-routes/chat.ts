import type { ApiRouteTable, ApiRoute } from '@contract/endpoint';

export const chatRoutes = {
  chats: { method: 'GET', path: '/api/chats.php' },
  deleteChat: { method: 'DELETE', path: '/api/chat.php' },
  conversation: { method: 'GET', path: '/api/chat.php' },
  messages: { method: 'GET', path: '/api/chat-messages.php' },
  send: { method: 'POST', path: '/api/chat-message.php' },
  read: { method: 'POST', path: '/api/chat-read.php' },
  typing: { method: 'POST', path: '/api/chat-typing.php' },
  photoDecision: { method: 'POST', path: '/api/chat-photo-decision.php' },
  report: { method: 'POST', path: '/api/report.php' },
} as const satisfies ApiRouteTable;

export const chatPhotoRoute = {
  method: 'POST',
  path: '/api/chat-photo.php',
} as const satisfies ApiRoute;

export const chatPhotoFileRoute = {
  method: 'GET',
  path: '/api/chat-photo-file.php',
} as const satisfies ApiRoute;

/** Photo messages link to their bytes; the server writes this into each message's URL. */
export const CHAT_PHOTO_FILE_PATH = chatPhotoFileRoute.path;
