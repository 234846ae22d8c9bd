import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useTranslation } from '@web/i18n/use-translation';
import { CompactBanner } from './compact-banner';
import { dismiss } from './dismissals';

/**
 * spec §8, §9: e-mail was disabled (fbl, bounce, listunsubscribe); the notifications page says
 * why. The slot decides when (site-banner-rules.ts); its texts load only when it shows:
 * asking for them first would suspend every member's page until they came (a layout shift,
 * layout-stability.e2e.ts).
 */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation('notifications');
  return (
    <CompactBanner
      tone="warning"
      line={t('alert.disabled')}
      action={<Link to={pathFor('notifications')}>{t('alert.disabledLink')}</Link>}
      onDismiss={() => dismiss('hide-disabled-notifications-alert')}
      dismissLabel={t('alert.dismiss')}
    />
  );
}
