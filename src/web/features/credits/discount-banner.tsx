import { useTranslation } from '@web/i18n/use-translation';
import type { Discount } from '@contract/payments';
import { Countdown } from '@web/components/countdown';

/** The discount the member gets now (time bonus or welcome, spec §4, §9), with its countdown. */
export function DiscountBanner({ discount }: { discount: Discount }) {
  const { t } = useTranslation('credits');
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <strong className="me-auto">
        {t('discountBanner', { percent: discount.value_percentage })}
      </strong>
      {discount.expires && (
        <span>
          {t('endsIn')} <Countdown endsAt={discount.expires} className="fw-bold" />
        </span>
      )}
    </div>
  );
}
