import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';

/**
 * What a member must know before paying: prices include VAT, credits and their use, the
 * fictional profiles (honest by design) and the right to cancel within refund_days.
 */
export function PurchaseNotes({ vatPercent }: { vatPercent: number }) {
  const { t } = useTranslation('credits');
  const site = useSite();
  return (
    <ul className="small text-body-secondary list-unstyled mb-0 d-grid gap-1">
      <li>{t('vatIncluded', { percent: vatPercent })}</li>
      <li>{t('messageCost', { count: site.message_credits })}</li>
      <li>{t('refundNote', { count: site.refund_days })}</li>
      <li className="text-body">{t('fictionalNote', { site: site.name })}</li>
    </ul>
  );
}
