import { useTranslation } from '@web/i18n/use-translation';
import { useOnline } from './use-online';

/**
 * What a page shows while what it needs is on its way. Offline nothing is on its way (issue
 * 29 item 12): it says the page opens once the connection is back, instead of spinning.
 */
export function PageSpinner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online) {
    return (
      <p className="text-body-secondary text-center px-3 py-5">{t('common.offlineWaiting')}</p>
    );
  }
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </div>
  );
}
