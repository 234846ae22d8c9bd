import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '@web/api/user-api';
import { ActivationReminder } from './activation-reminder';
import { DisabledNotificationsAlert } from './notification-alerts';
import { ProfilePhotoAlert } from './profile-photo-alert';
import { leadingBanner } from './site-banner-rules';
import { TimeBonus } from './time-bonus';
import { useSite } from './site-context';

// Loaded once a member with a push-capable site is known: not on the first load's budget.
const PushAlert = lazy(() => import('./push-alert').then((m) => ({ default: m.PushAlert })));

/**
 * The default layout's banners (spec §2 "warning banners"). A member just signed up gets all
 * three, and on a 375 px phone they filled the first screen before the page began (issue 25
 * item 3). On a phone only the leading one shows (site-banner-rules.ts: activation, then the
 * time bonus, then the photo); wider screens have room for each. The time bonus stays on
 * /credits and /premium, and its modal is not a banner.
 *
 * The user record is known before the first paint (main.tsx), so the choice is made once and
 * nothing moves (issue 25 item 6: CLS). A bonus that runs out while the page is open hands
 * its place on to the photo alert at the next page.
 */
export function SiteBanners() {
  const { user } = useUser();
  const site = useSite();
  const { pathname } = useLocation();
  const leading = leadingBanner(user, pathname);
  return (
    <>
      <ActivationReminder hiddenOnPhone={leading !== 'activation'} />
      <ProfilePhotoAlert hiddenOnPhone={leading !== 'profile-photo'} />
      <TimeBonus hiddenOnPhone={leading !== 'time-bonus'} />
      {/* Issue 31: behind the leading banner on a phone. */}
      <DisabledNotificationsAlert hiddenOnPhone={leading !== null} />
      {user && site.push_public_key && (
        <Suspense fallback={null}>
          <PushAlert hiddenOnPhone={leading !== null} />
        </Suspense>
      )}
    </>
  );
}
