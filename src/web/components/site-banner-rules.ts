import { matchPath } from 'react-router';
import type { LoggedInUser } from '@contract/account';
import { ROUTES, type RouteName, pathFor, toRouterPath } from '@contract/routes';
import type { DismissalKey } from './dismissals';
import { timeBonusShows } from './time-bonus-end';

/**
 * When each banner of the default layout applies, in one place, so the layout can tell which
 * of them leads: only that one shows, at every width (issue 32 item 3, docs/design.md).
 */
export type SiteBanner = 'activation' | 'time-bonus' | 'profile-photo' | 'disabled-notifications';

type User = LoggedInUser | null | undefined;

// spec §4: the activation reminder is not shown on the signup, settings or notifications routes.
const ACTIVATION_HIDDEN_ON = [pathFor('signup'), pathFor('settings'), pathFor('notifications')];

/**
 * spec §4 "Activation reminder": for a logged-in member whose status is not_confirmed, whose
 * profile is disabled and whose notifications are not disabled.
 */
export function activationReminderApplies(user: User, pathname: string): boolean {
  return Boolean(
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0 &&
    !ACTIVATION_HIDDEN_ON.includes(pathname),
  );
}

export { timeBonusEnd, timeBonusShows } from './time-bonus-end';

// The pages whose own discount banner counts the bonus down beside the prices (issue 25
// item 8): there the site-wide banner steps aside, so the member sees one countdown, not two.
const OFFER_PAGES: RouteName[] = ['credits', 'premium'];

export function isOfferPage(pathname: string): boolean {
  return OFFER_PAGES.some((name) => matchPath(toRouterPath(ROUTES[name]), pathname));
}

/** The time bonus's site-wide banner: while the bonus runs, off the offer pages. */
export function timeBonusBannerApplies(user: User, pathname: string, now = Date.now()): boolean {
  return timeBonusShows(user, now) && !isOfferPage(pathname);
}

// spec §9: not shown on the profile, signup, activate-done, premium, notifications,
// directdebit and settings routes.
const PHOTO_ALERT_HIDDEN_ON: RouteName[] = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
];

/** spec §9 PROFILE_PHOTO_ALERT: a logged-in member without a main photo (before dismissal). */
export function profilePhotoAlertApplies(user: User, pathname: string): boolean {
  return Boolean(
    user &&
    user.profile.main_image === null &&
    !PHOTO_ALERT_HIDDEN_ON.some((name) => pathFor(name) === pathname),
  );
}

// spec §9: the disabled-notifications alert is hidden on settings and notifications.
const DISABLED_ALERT_HIDDEN_ON = [pathFor('settings'), pathFor('notifications')];

/** spec §8, §9: the member's e-mail was disabled (fbl, bounce, listunsubscribe). */
export function disabledNotificationsAlertApplies(user: User, pathname: string): boolean {
  return Boolean(
    user && user.notifications_disabled.length > 0 && !DISABLED_ALERT_HIDDEN_ON.includes(pathname),
  );
}

type Dismissed = (key: DismissalKey) => boolean;

/**
 * The one banner the slot shows when several apply (issue 32 item 3): the activation reminder
 * first (confirming the address makes the profile visible and unlocks the rest), then the time
 * bonus (it runs out within 4 hours), then the photo alert (it waits, and can be dismissed),
 * then the disabled e-mail notice. One the member dismissed (spec §4's keys) hands its place
 * on. The push offer comes after all of them; whether it applies is known only once the
 * service worker answered, so it is asked for only when this is null (site-banners.tsx).
 */
export function leadingBanner(
  user: User,
  pathname: string,
  now = Date.now(),
  dismissed: Dismissed = () => false,
): SiteBanner | null {
  if (activationReminderApplies(user, pathname)) return 'activation';
  if (timeBonusBannerApplies(user, pathname, now)) return 'time-bonus';
  if (profilePhotoAlertApplies(user, pathname) && !dismissed('hide-enrich-alert')) {
    return 'profile-photo';
  }
  if (
    disabledNotificationsAlertApplies(user, pathname) &&
    !dismissed('hide-disabled-notifications-alert')
  ) {
    return 'disabled-notifications';
  }
  return null;
}
