import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type RouteName, pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useTranslation } from '@web/i18n/use-translation';
import { CompactBanner } from './compact-banner';
import { dismiss, isDismissed } from './dismissals';
import {
  PUSH_STATE_KEY,
  type PushState,
  currentPushState,
  subscribeToPush,
} from './push-subscription';
import { useSite } from './site-context';

// spec §9: where the push alert is hidden.
const PUSH_ALERT_HIDDEN_ON = (
  ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'] satisfies RouteName[]
).map((name) => pathFor(name));

/**
 * This tab's last answer of the service worker, kept for the tab's session: a banner slot
 * mounted again, or the next page load, knows it before painting. A changed answer (the
 * member subscribed in another tab) replaces it when the worker answers again.
 */
const PUSH_STATES: readonly PushState[] = ['unsupported', 'denied', 'subscribed', 'not-subscribed'];
function knownPushState(): PushState | null {
  const kept = sessionStorage.getItem(PUSH_STATE_KEY);
  return PUSH_STATES.find((state) => state === kept) ?? null;
}

/**
 * spec §8 ENABLE_PUSH_ALERT with ENABLE_PUSH_BTN: a push-capable browser not yet subscribed,
 * last in the banner slot's order (site-banners.tsx), as a compact banner like the others.
 * Whether this browser may be subscribed is known only once the service worker answers, after
 * the page has painted; a banner appearing then would push the page down (CLS). So the offer
 * shows from the next page on (the tab keeps the answer for its session), when the answer is
 * known before the page paints. It used to float over the page's foot instead, where on a
 * phone it covered the swipe game's buttons and the checkout's payment methods. Its code
 * loads apart from the first load.
 */
export function PushAlert() {
  const { t } = useTranslation('notifications');
  const { user } = useUser();
  const site = useSite();
  const { pathname } = useLocation();
  const [state, setState] = useState<PushState | null>(knownPushState);
  // The page on which the answer came, after it painted: the offer waits for the next one.
  const [answeredOn, setAnsweredOn] = useState<string | null>(null);
  const pathnameNow = useRef(pathname);
  pathnameNow.current = pathname;
  const [hidden, setHidden] = useState(() => isDismissed('hide-push-notification-alert'));
  const hide = () => {
    dismiss('hide-push-notification-alert');
    setHidden(true);
  };
  const remember = (answer: PushState) => {
    sessionStorage.setItem(PUSH_STATE_KEY, answer);
    setState(answer);
  };
  useEffect(() => {
    const knownBefore = knownPushState() !== null;
    void currentPushState().then(
      (answer) => {
        if (!knownBefore) setAnsweredOn(pathnameNow.current);
        remember(answer);
      },
      () => remember('unsupported'),
    );
  }, []);
  if (!user || hidden || state !== 'not-subscribed' || !site.push_public_key) return null;
  if (answeredOn === pathname || PUSH_ALERT_HIDDEN_ON.includes(pathname)) return null;
  const key = site.push_public_key;
  return (
    <CompactBanner
      tone="info"
      line={t('alert.push')}
      phoneLine={t('alert.pushShort')}
      action={
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void subscribeToPush(key).then(remember, () => undefined)}
        >
          {t('alert.pushButton')}
        </button>
      }
      onDismiss={hide}
      dismissLabel={t('alert.dismiss')}
    />
  );
}
