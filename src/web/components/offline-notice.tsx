import { useTranslation } from '@web/i18n/use-translation';
import { useOnline } from './use-online';

/**
 * The offline state (issue 25 §5): when the connection is gone, say so plainly above the page
 * the installed app still shows from its cache. It overlays the bottom edge instead of pushing
 * the page down, so nothing shifts when the connection comes and goes.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="offline-notice alert alert-dark position-fixed start-50 translate-middle-x shadow"
    >
      {t('common.offline')}
    </div>
  );
}
