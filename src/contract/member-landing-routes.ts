import type { RouteName } from './routes';

// Apart from member-landing.ts and its schemas: the app's route table reads this list on
// every first page load (issue 25 item 6).

/**
 * The member landing pages (spec §2 members-id-landing, members-id-signup,
 * members-id-landing2-slug, members-id-landing3-slug): where a visitor arrives from an ad
 * for one member.
 */
export const MEMBER_LANDING_ROUTES = [
  'members-id-landing',
  'members-id-landing2-slug',
  'members-id-landing3-slug',
  'members-id-signup',
] as const satisfies readonly RouteName[];
export type MemberLandingRoute = (typeof MEMBER_LANDING_ROUTES)[number];
