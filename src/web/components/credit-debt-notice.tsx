import { useTranslation } from '@web/i18n/use-translation';

/**
 * issue 23 item 2: a chargeback or a refund made at the provider took back credits the member
 * had already spent, so they owe them (docs/payments.md). One sentence says how many and that
 * the next purchase settles them first; nothing shows while nothing is owed. Shown on
 * /credits, /transactions and where direct debit is refused because of it.
 */
export function CreditDebtNotice({ credits }: { credits: number }) {
  const { t } = useTranslation();
  if (credits <= 0) return null;
  return <p className="alert alert-warning">{t('creditDebt.notice', { count: credits })}</p>;
}
