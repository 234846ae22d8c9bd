import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';

/**
 * In every locale the seller sentence ends with the company's name, and its full stop is the
 * sentence's: "Sold by Amora Online B.V." rather than "B.V.." (issue 23 item 13).
 */
export const withoutFinalDot = (name: string) => name.trim().replace(/\.$/, '');

/**
 * What a member must know before paying (issue 10 "visible before paying"): VAT included,
 * who sells, the fictional profiles (honest by design), and the right to cancel.
 */
export function CheckoutNotes({
  vatPercent,
  companyName,
}: {
  vatPercent: number;
  companyName: string | undefined;
}) {
  const { t } = useTranslation('payments');
  const site = useSite();
  return (
    <ul className="small text-body-secondary list-unstyled mb-0 d-grid gap-1">
      <li>{t('vatIncluded', { percent: vatPercent })}</li>
      {companyName && <li>{t('seller', { company: withoutFinalDot(companyName) })}</li>}
      <li>{t('refundNote', { count: site.refund_days })}</li>
      <li className="text-body">{t('fictionalNote', { site: site.name })}</li>
    </ul>
  );
}
