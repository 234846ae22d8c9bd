import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type RouteName, pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useTranslation } from '@web/i18n/use-translation';
import { dismiss, isDismissed } from './dismissals';
import { type PushState, currentPushState, subscribeToPush } from './push-subscription';
import { useSite } from './site-context';

// spec §9: where the push alert is hidden.
const PUSH_ALERT_HIDDEN_ON = (
  ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'] satisfies RouteName[]
).map((name) => pathFor(name));

/**
 * spec §8 ENABLE_PUSH_ALERT with ENABLE_PUSH_BTN: a push-capable browser not yet subscribed,
 * last in the banner slot's order (site-banners.tsx). Whether this browser may be subscribed
 * is known only after asking the service worker, so the alert floats above the page's foot
 * instead of pushing the page down when it appears (CLS, layout-stability.e2e.ts); its code
 * loads apart from the first load.
 */
export function PushAlert() {
  const { t } = useTranslation('notifications');
  const { user } = useUser();
  const site = useSite();
  const { pathname } = useLocation();
  const [state, setState] = useState<PushState | null>(null);
  const [hidden, setHidden] = useState(() => isDismissed('hide-push-notification-alert'));
  const hide = () => {
    dismiss('hide-push-notification-alert');
    setHidden(true);
  };
  useEffect(() => {
    void currentPushState().then(setState, () => setState('unsupported'));
  }, []);
  if (!user || hidden || state !== 'not-subscribed' || !site.push_public_key) return null;
  if (PUSH_ALERT_HIDDEN_ON.includes(pathname)) return null;
  const key = site.push_public_key;
  return (
    <div className="push-alert alert alert-info alert-dismissible shadow mb-0" role="status">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{t('alert.push')}</span>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void subscribeToPush(key).then(setState, () => undefined)}
        >
          {t('alert.pushButton')}
        </button>
      </div>
      <button type="button" className="btn-close" aria-label={t('alert.dismiss')} onClick={hide} />
    </div>
  );
}
