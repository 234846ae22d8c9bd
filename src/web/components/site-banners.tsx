import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '@web/api/user-api';
import { ActivationReminder } from './activation-reminder';
import { isDismissed, useDismissalCount } from './dismissals';
import { DisabledNotificationsAlert } from './notification-alerts';
import { ProfilePhotoAlert } from './profile-photo-alert';
import { leadingBanner } from './site-banner-rules';
import { TimeBonus } from './time-bonus';
import { useSite } from './site-context';

// Loaded once a member with a push-capable site is known: not on the first load's budget.
const PushAlert = lazy(() => import('./push-alert').then((m) => ({ default: m.PushAlert })));

/**
 * The default layout's banner slot (spec §2 "warning banners", issue 32 item 3): at most one
 * banner at a time, at every width, by one order (site-banner-rules.ts: activation, time
 * bonus, photo, disabled e-mail, then the push offer). A member just signed up qualified for
 * three, and they stacked to about 240 px on a desktop and filled a phone's first screen.
 * The time bonus's modal is not a banner: it keeps its own rule (spec §9).
 *
 * The user record is known before the first paint (main.tsx), so the choice is made once and
 * nothing moves (issue 25 item 6: CLS). A dismissal hands the slot on at once; a bonus that
 * runs out while the page is open hands it on at the next page.
 */
export function SiteBanners() {
  const { user } = useUser();
  const site = useSite();
  const { pathname } = useLocation();
  useDismissalCount();
  const leading = leadingBanner(user, pathname, Date.now(), isDismissed);
  return (
    <>
      {leading === 'activation' && <ActivationReminder />}
      {leading === 'profile-photo' && <ProfilePhotoAlert />}
      {leading === 'disabled-notifications' && <DisabledNotificationsAlert />}
      <TimeBonus showBanner={leading === 'time-bonus'} />
      {leading === null && user && site.push_public_key && (
        <Suspense fallback={null}>
          <PushAlert />
        </Suspense>
      )}
    </>
  );
}
