import { matchPath } from 'react-router';
import { ROUTES, type RouteName, toRouterPath } from '@contract/routes';

// spec §2: "Members area = routes members, members-id, chats, likes, likes-m-id and premium".
// The time-bonus modal and the auto-likes start there.
const MEMBERS_AREA: RouteName[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
];
const MEMBERS_AREA_PATHS = MEMBERS_AREA.map((name) => toRouterPath(ROUTES[name]));

/** Whether the path is a page of the members area (spec §2). */
export const isMembersArea = (pathname: string): boolean =>
  MEMBERS_AREA_PATHS.some((path) => matchPath(path, pathname) !== null);
