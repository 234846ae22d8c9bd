import type { EmailDisabledReason } from '@contract/notifications';
import { useTranslation } from '@web/i18n/use-translation';

/** spec §8: why e-mail stopped (fbl, bounce, listunsubscribe), and the way back. */
export function EmailDisabledNotice({
  reasons,
  busy,
  onResume,
}: {
  reasons: readonly EmailDisabledReason[];
  busy: boolean;
  onResume: () => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <div className="alert alert-warning mb-4" role="status">
      <h2 className="h6 alert-heading">{t('emailOff.title')}</h2>
      {reasons.map((reason) => (
        <p key={reason} className="mb-2">
          {t(`emailOff.${reason}`)}
        </p>
      ))}
      <button type="button" className="btn btn-warning" onClick={onResume} disabled={busy}>
        {t('emailOff.resume')}
      </button>
    </div>
  );
}
