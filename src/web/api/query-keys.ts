import type { PaymentMethod } from '@contract/payments';

/**
 * Every query key of the web app, spelled once (issue 24 §5). A key is an array whose first
 * element names the concern; invalidating a prefix (`queryKeys.likes.all`) drops every query
 * below it, so a factory's `all` is what a mutation or a live event invalidates.
 */
export const queryKeys = {
  // The operator console (issue 30): staff data, never mixed with a member's.
  admin: (...key: Array<string | number | object>) => ['admin', ...key] as const,
  // Per-host data read once (spec §7).
  settings: (locale: string) => ['settings', locale] as const,
  companyInfo: ['companyinfo'] as const,
  interests: ['interests'] as const,
  regions: ['regions'] as const,
  pageContent: (language: string, page: string) => ['page-content', language, page] as const,

  // The member and their own data.
  user: ['user'] as const,
  account: ['account'] as const,
  ownProfile: ['own-profile'] as const,
  blocked: ['blocked'] as const,
  retentionOffer: ['retention-offer'] as const,
  dataExport: ['data-export'] as const,
  notificationSettings: ['notification-settings'] as const,
  signupMatches: ['signup-matches'] as const,

  // Discovery.
  featured: (viewer: 'member' | 'visitor', trafficSource: { network?: string; ref?: string }) =>
    ['featured', viewer, trafficSource] as const,
  search: {
    all: ['search'] as const,
    page: (filters: object) => ['search', filters] as const,
  },
  member: {
    all: ['member'] as const,
    one: (id: number) => ['member', id] as const,
  },
  // Landers and member landing pages (visitors).
  memberLanding: (id: number) => ['member-landing', id] as const,
  // A member's answer leaves out their blocks, so the viewer is part of the key.
  lander: (viewer: 'member' | 'visitor', request: object) => ['lander', viewer, request] as const,
  likes: {
    all: ['likes'] as const,
    page: (type: string) => ['likes', 'page', type] as const,
  },
  matchFinder: ['match-finder'] as const,
  swipeGame: ['swipe-game'] as const,

  // Chat.
  chats: ['chats'] as const,
  chat: {
    all: ['chat'] as const,
    conversations: ['chat', 'conversation'] as const,
    withConversation: (conversationId: number) =>
      ['chat', 'conversation', 'id', conversationId] as const,
    withMember: (memberId: number) => ['chat', 'conversation', 'member', memberId] as const,
  },

  // Credits and payments.
  bundles: {
    all: ['bundles'] as const,
    forAsker: (visitorCountry?: string) => ['bundles', visitorCountry ?? 'member'] as const,
    repeatOrder: ['bundles', 'repeat-order'] as const,
  },
  quote: (bundle: string, method: PaymentMethod | undefined, code: string) =>
    ['payment-quote', bundle, method ?? null, code] as const,
  payment: (id: number) => ['payment', id] as const,
  transactions: ['transactions'] as const,
  spendingCap: ['spending-cap'] as const,
};

/** Kept through a logout: the answers that do not depend on who is logged in. */
export const KEPT_THROUGH_LOGOUT: readonly string[] = [queryKeys.user[0], 'settings'];
