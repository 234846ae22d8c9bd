import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { featuredRoutes } from './featured-routes';
import { matchFinderRoutes } from './match-finder-routes';
import { searchRoutes } from './search-routes';

// The members feature: lists of member cards, and who may see them (spec §6).
export {
  type DiscoveryCardRow,
  presentDiscoveryCard,
  selectDiscoveryCards,
} from './discovery-card';
export { type Place, type Ring, listNearFirst, placeOf, ringsAround } from './near-first';
export {
  PROFILE_CARD_COLUMNS,
  activityOf,
  presentProfileCard,
  selectProfileCards,
} from './profile-card';
export { birthDateRangeToday } from './search-filters';
export {
  type TrafficSource,
  assertViewerMaySeeMembers,
  visitorMaySearch,
} from './visitor-search-policy';
export { viewerPlace, visitorVary } from './viewer-place';
export {
  GONE_STATUSES,
  type Viewer,
  hiddenBecause,
  isGone,
  visibleMembers,
  visibleOrGonePartners,
} from './visible-members';

export async function membersFeature(app: FastifyInstance, services: Services) {
  featuredRoutes(app, services);
  searchRoutes(app, services);
  matchFinderRoutes(app, services);
}
