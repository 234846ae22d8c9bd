import type { SiteSettings } from '@contract/settings';
import { ROUTES, type RouteName, toRouterPath } from '@contract/routes';
import { matchPath } from 'react-router';

// spec §9: "Entry warning hidden on complete-signup, reset-password and reset-password-do":
// a visitor who follows a link from our own mail was let in already.
const HIDDEN_ON: readonly RouteName[] = ['complete-signup', 'reset-password', 'reset-password-do'];
const HIDDEN_PATHS = HIDDEN_ON.map((name) => toRouterPath(ROUTES[name]));

export function isEntryWarningHiddenOn(pathname: string): boolean {
  return HIDDEN_PATHS.some((path) => matchPath(path, pathname) !== null);
}

// spec §2 "Layouts": the chat and lander layouts show the entry warning only for NL and DE.
const NOTICE_COUNTRIES = ['NL', 'DE'];

/**
 * The adult-content notice of the chat and lander layouts: for visitors served as in NL or
 * DE. geoip_selected_country is the visitor's country where the site serves it, else the
 * site's own: a visitor from elsewhere on a Dutch site is warned, as a Dutch one is.
 */
export function showsAdultContentNotice(
  site: Pick<SiteSettings, 'geoip_selected_country'>,
  pathname: string,
): boolean {
  return (
    NOTICE_COUNTRIES.includes(site.geoip_selected_country) && !isEntryWarningHiddenOn(pathname)
  );
}

/**
 * spec §1: "An extra footer is shown only for the US English site (locale en)": in English,
 * on a site for the US market (domain language en-US) or to a visitor it serves as in the US.
 */
export function showsUsFooter(
  site: Pick<SiteSettings, 'geoip_selected_country' | 'domain_language'>,
  language: string,
): boolean {
  if (language !== 'en') return false;
  return site.domain_language?.toLowerCase() === 'en-us' || site.geoip_selected_country === 'US';
}
