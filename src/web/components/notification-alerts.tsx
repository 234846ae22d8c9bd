import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useTranslation } from '@web/i18n/use-translation';
import { type DismissalKey, dismiss, isDismissed } from './dismissals';
import { phoneHiddenClass } from './site-banner-rules';

// spec §9: where the alert is hidden.
const DISABLED_ALERT_HIDDEN_ON = [pathFor('settings'), pathFor('notifications')];

export function useDismissal(key: DismissalKey) {
  const [hidden, setHidden] = useState(() => isDismissed(key));
  return [hidden, () => (dismiss(key), setHidden(true))] as const;
}

/** spec §8, §9: e-mail was disabled (fbl, bounce, listunsubscribe); the page says why. */
export function DisabledNotificationsAlert({ hiddenOnPhone = false }: { hiddenOnPhone?: boolean }) {
  const { user } = useUser();
  const { pathname } = useLocation();
  const [hidden, hide] = useDismissal('hide-disabled-notifications-alert');
  if (!user || hidden || user.notifications_disabled.length === 0) return null;
  if (DISABLED_ALERT_HIDDEN_ON.includes(pathname)) return null;
  // Its texts load only when it shows: asking for them first would suspend every member's
  // page until they came (a layout shift, layout-stability.e2e.ts).
  return <DisabledNotificationsNotice hiddenOnPhone={hiddenOnPhone} onDismiss={hide} />;
}

function DisabledNotificationsNotice({
  hiddenOnPhone,
  onDismiss,
}: {
  hiddenOnPhone: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <div
      className={`alert alert-warning alert-dismissible rounded-0 mb-0 border-0 border-bottom${phoneHiddenClass(hiddenOnPhone)}`}
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <span>{t('alert.disabled')}</span>
        <Link to={pathFor('notifications')}>{t('alert.disabledLink')}</Link>
      </div>
      <button
        type="button"
        className="btn-close"
        aria-label={t('alert.dismiss')}
        onClick={onDismiss}
      />
    </div>
  );
}
