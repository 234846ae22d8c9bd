import { useTranslation } from '@web/i18n/use-translation';
import type { Transaction } from '@contract/payments';
import { useCompanyInfo } from '@web/api/site-api';
import { countryName } from '@web/components/country-name';
import { formatMoney } from '@web/components/money';

/**
 * One purchase's receipt (issue 10 §4): the seller from company info (name, address, VAT
 * number), then bundle, price, discount, VAT, method, status and date, in the member's language.
 */
export function Receipt({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation('payments');
  const { data: company } = useCompanyInfo();
  const money = (cents: number) => formatMoney(cents, transaction.currency, i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(transaction.paid_at ?? transaction.created_at));
  return (
    <section className="card shadow-sm" aria-labelledby="receipt-heading">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-3 mb-3">
          <h2 id="receipt-heading" className="h4 mb-0">
            {t('receiptTitle', { id: transaction.id })}
          </h2>
          {company && (
            <address className="small mb-0 text-md-end">
              <strong>{company.name}</strong>
              <br />
              {company.address}
              <br />
              {company.city}, {countryName(company.country, i18n.language)}
              <br />
              {t('vatNumber')}: {company.vat_numbers.join(', ')}
              <br />
              {t('kvk')}: {company.kvk}
            </address>
          )}
        </div>
        <dl className="row mb-0">
          <dt className="col-6 col-md-4">{t('date')}</dt>
          <dd className="col-6 col-md-8">{date}</dd>
          <dt className="col-6 col-md-4">{t('bundle')}</dt>
          <dd className="col-6 col-md-8">{t('credits', { count: transaction.credits })}</dd>
          <dt className="col-6 col-md-4">{t('price')}</dt>
          <dd className="col-6 col-md-8">{money(transaction.list_price)}</dd>
          {transaction.discount_amount > 0 && (
            <>
              <dt className="col-6 col-md-4">
                {t('discount')}
                {transaction.discount_code && ` (${transaction.discount_code})`}
              </dt>
              <dd className="col-6 col-md-8">−{money(transaction.discount_amount)}</dd>
            </>
          )}
          <dt className="col-6 col-md-4">{t('total')}</dt>
          <dd className="col-6 col-md-8 fw-bold">{money(transaction.price)}</dd>
          <dt className="col-6 col-md-4">{t('vatShare', { percent: transaction.vat_percent })}</dt>
          <dd className="col-6 col-md-8">{money(transaction.vat_amount)}</dd>
          <dt className="col-6 col-md-4">{t('method')}</dt>
          <dd className="col-6 col-md-8">{t(`methods.${transaction.method}`)}</dd>
          <dt className="col-6 col-md-4">{t('statusLabel')}</dt>
          <dd className="col-6 col-md-8 mb-0">{t(`statuses.${transaction.status}`)}</dd>
        </dl>
      </div>
    </section>
  );
}
