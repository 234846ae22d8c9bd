import type { WebAppRoute } from './routes';

/**
 * What the first render of each page loads besides the app's entry (issue 32 item 10): its
 * page module (a source path under src/web, as the build's manifest names it) and the text
 * namespaces it renders with besides `common`. The server preloads their built chunks with
 * the page, so they load beside the entry instead of after the router asked for them. A
 * hint only: a page that needs more still loads it, one round trip later.
 * `src/web/app/route-chunks.test.ts` holds it to the web app's page table.
 */
export interface RouteChunks {
  page: string;
  texts: readonly string[];
}

export const ROUTE_CHUNKS: Record<WebAppRoute, RouteChunks> = {
  index: { page: 'features/home/index-page.tsx', texts: [] },
  'pages-slug': { page: 'features/pages/static-page.tsx', texts: [] },
  'pages-token': { page: 'features/pages/static-page.tsx', texts: [] },
  'lang-config': { page: 'features/account/lang-config-page.tsx', texts: [] },
  pricing: { page: 'features/pages/pricing-page.tsx', texts: [] },
  complaints: { page: 'features/pages/complaints-page.tsx', texts: [] },
  login: { page: 'features/auth/login-page.tsx', texts: [] },
  signup: { page: 'features/auth/signup-page.tsx', texts: [] },
  'signup-matches': { page: 'features/account/signup-matches-page.tsx', texts: [] },
  'complete-signup': { page: 'features/account/complete-signup-page.tsx', texts: [] },
  'reset-password': { page: 'features/auth/reset-password-page.tsx', texts: [] },
  'reset-password-do': { page: 'features/auth/reset-password-do-page.tsx', texts: [] },
  'activate-done': { page: 'features/auth/activate-pages.tsx', texts: [] },
  'activate-error': { page: 'features/auth/activate-pages.tsx', texts: [] },
  'mail-change-do': { page: 'features/auth/mail-change-do-page.tsx', texts: [] },
  'account-deleted': {
    page: 'features/account/account-deleted-page.tsx',
    texts: ['account-settings'],
  },
  settings: { page: 'app/routes/settings-route.tsx', texts: [] },
  notifications: {
    page: 'features/notifications/notifications-page.tsx',
    texts: ['notifications'],
  },
  profile: { page: 'features/profiles/profile-page.tsx', texts: [] },
  'members-id': { page: 'features/members/member-page.tsx', texts: ['members'] },
  members: { page: 'features/members/search-page.tsx', texts: ['members'] },
  likes: { page: 'features/likes/likes-overview-page.tsx', texts: ['likes'] },
  'likes-type': { page: 'features/likes/likes-list-page.tsx', texts: ['likes'] },
  'likes-m-id': { page: 'features/likes/liked-profile-page.tsx', texts: [] },
  'match-finder': {
    page: 'features/match-finder/match-finder-page.tsx',
    texts: ['match-finder'],
  },
  premium: { page: 'features/credits/premium-page.tsx', texts: ['credits'] },
  credits: { page: 'features/credits/credits-page.tsx', texts: ['credits'] },
  'credits-repeat-order': { page: 'features/credits/repeat-order-page.tsx', texts: ['credits'] },
  'credits-id-paymentmethod': {
    page: 'features/payments/checkout-page.tsx',
    texts: ['payments'],
  },
  directdebit: { page: 'features/payments/direct-debit-page.tsx', texts: ['payments'] },
  'transactions-id': { page: 'features/payments/transactions-page.tsx', texts: ['payments'] },
  'swipe-game': { page: 'features/swipe-game/swipe-game-page.tsx', texts: ['swipe-game'] },
  chats: { page: 'features/chat/chats-page.tsx', texts: ['chat'] },
  'chats-id': { page: 'features/chat/conversation-page.tsx', texts: ['chat'] },
  'members-id-chat': { page: 'features/chat/conversation-page.tsx', texts: ['chat'] },
  'members-id-landing': {
    page: 'features/landers/member-landing/spotlight-landing-page.tsx',
    texts: ['member-landing'],
  },
  'members-id-landing2-slug': {
    page: 'features/landers/member-landing/chat-landing-page.tsx',
    texts: ['member-landing'],
  },
  'members-id-landing3-slug': {
    page: 'features/landers/member-landing/gallery-landing-page.tsx',
    texts: ['member-landing'],
  },
  'members-id-signup': {
    page: 'features/landers/member-landing/member-signup-page.tsx',
    texts: ['member-landing'],
  },
  'landers-slug': { page: 'features/landers/lander-page.tsx', texts: ['landers'] },
  'export-id': { page: 'features/account/data-export-page.tsx', texts: ['data-export'] },
};

/**
 * The member-only parts of the shell (src/web/app/member-shell.tsx): awaited before a
 * member's first paint, so preloaded for a request that carries a session.
 */
export const MEMBER_SHELL_CHUNK = 'app/member-shell.tsx';
