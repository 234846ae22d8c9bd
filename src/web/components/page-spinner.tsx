import { useTranslation } from '@web/i18n/use-translation';
import { useOnline } from './use-online';

/**
 * What a page shows while what it needs is on its way. Offline nothing is on its way (issue
 * 29 item 12): no spinner, the offline notice says why the page waits.
 */
export function PageSpinner() {
  const { t } = useTranslation();
  if (!useOnline()) return null;
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </div>
  );
}
