import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { type RouteName, pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useTranslation } from '@web/i18n/use-translation';
import { type DismissalKey, dismiss, isDismissed } from './dismissals';
import { type PushState, currentPushState, subscribeToPush } from './push-subscription';
import { phoneHiddenClass } from './site-banner-rules';
import { useSite } from './site-context';

// spec §9: where each alert is hidden.
const PUSH_ALERT_HIDDEN_ON = (
  ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'] satisfies RouteName[]
).map((name) => pathFor(name));
const DISABLED_ALERT_HIDDEN_ON = [pathFor('settings'), pathFor('notifications')];

function useDismissal(key: DismissalKey) {
  const [hidden, setHidden] = useState(() => isDismissed(key));
  return [hidden, () => (dismiss(key), setHidden(true))] as const;
}

/** spec §8 ENABLE_PUSH_ALERT with ENABLE_PUSH_BTN: a push-capable browser not yet subscribed. */
export function PushAlert({ hiddenOnPhone = false }: { hiddenOnPhone?: boolean }) {
  const { t } = useTranslation('notifications');
  const { user } = useUser();
  const site = useSite();
  const { pathname } = useLocation();
  const [state, setState] = useState<PushState | null>(null);
  const [hidden, hide] = useDismissal('hide-push-notification-alert');
  useEffect(() => {
    void currentPushState().then(setState, () => setState('unsupported'));
  }, []);
  if (!user || hidden || state !== 'not-subscribed' || !site.push_public_key) return null;
  if (PUSH_ALERT_HIDDEN_ON.includes(pathname)) return null;
  const key = site.push_public_key;
  return (
    <div
      className={`alert alert-info alert-dismissible rounded-0 mb-0 border-0 border-bottom${phoneHiddenClass(hiddenOnPhone)}`}
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
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

/** spec §8, §9: e-mail was disabled (fbl, bounce, listunsubscribe); the page says why. */
export function DisabledNotificationsAlert({ hiddenOnPhone = false }: { hiddenOnPhone?: boolean }) {
  const { t } = useTranslation('notifications');
  const { user } = useUser();
  const { pathname } = useLocation();
  const [hidden, hide] = useDismissal('hide-disabled-notifications-alert');
  if (!user || hidden || user.notifications_disabled.length === 0) return null;
  if (DISABLED_ALERT_HIDDEN_ON.includes(pathname)) return null;
  return (
    <div
      className={`alert alert-warning alert-dismissible rounded-0 mb-0 border-0 border-bottom${phoneHiddenClass(hiddenOnPhone)}`}
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <span>{t('alert.disabled')}</span>
        <Link to={pathFor('notifications')}>{t('alert.disabledLink')}</Link>
      </div>
      <button type="button" className="btn-close" aria-label={t('alert.dismiss')} onClick={hide} />
    </div>
  );
}
