import { pathFor } from '@contract/routes';

// spec §2: the back button shows only in an installed web app on member, likes and credits pages.
const BACK_BUTTON_PATHS = /^\/(members\/|likes|credits)/;

export function backButtonShows(pathname: string): boolean {
  return BACK_BUTTON_PATHS.test(pathname);
}

/**
 * Where Back leads when the app has no page of its own behind this one: the installed app
 * (display standalone) has no browser Back, and opened at a member's page from a push message
 * or a shared link its history holds that page alone, so going back in it would do nothing.
 * It leads one level up instead: a member's page to the search, a likes list to the likes,
 * a payment step to the credits, and the likes and credits pages themselves to the search.
 */
export function backFallback(pathname: string): string {
  if (pathname.startsWith(`${pathFor('likes')}/`)) return pathFor('likes');
  if (pathname.startsWith(`${pathFor('credits')}/`)) return pathFor('credits');
  return pathFor('members');
}
