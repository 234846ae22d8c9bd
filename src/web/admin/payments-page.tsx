import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryInput } from '@contract/endpoint';
import type { adminBusinessApi } from '@contract/endpoints/admin-business';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@contract/payments';
import { callApi } from '@web/api/call-api';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { businessApi, businessKeys, money, shortTime } from './business-api';
import { PaymentDetail } from './payment-detail';

type Filters = Partial<Record<'member' | 'status' | 'method' | 'from' | 'to', string>>;

/** /admin/payments: the site's transactions, filtered, newest first, in keyset pages (item 8). */
export function PaymentsPage() {
  const { t, i18n } = useTranslation('admin-business');
  useDocumentTitle(t('payments.title'));
  const [filters, setFilters] = useState<Filters>({});
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  const [chosen, setChosen] = useState<number | null>(null);
  const before = pages[pages.length - 1];
  const query: QueryInput<typeof adminBusinessApi.transactions> = {
    ...filters,
    ...(before ? { before } : {}),
  } as QueryInput<typeof adminBusinessApi.transactions>;
  const payments = useQuery({
    queryKey: businessKeys.payments(query),
    queryFn: () => callApi(businessApi.transactions, { query }),
  });
  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Filters = {};
    for (const key of ['member', 'status', 'method', 'from', 'to'] as const) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilters(next);
    setPages([undefined]);
  }
  const selected = payments.data?.payments.find((payment) => payment.id === chosen);
  const cls = 'form-control form-control-sm';
  return (
    <div className="p-3 admin-business">
      <h1 className="h5">{t('payments.title')}</h1>
      <form className="d-flex flex-wrap gap-2 align-items-end mb-2" role="search" onSubmit={filter}>
        <div>
          <label htmlFor="pf-member" className="form-label small mb-0">
            {t('payments.memberId')}
          </label>
          <input
            id="pf-member"
            name="member"
            type="number"
            min={1}
            className={cls}
            style={{ width: '7rem' }}
          />
        </div>
        <div>
          <label htmlFor="pf-status" className="form-label small mb-0">
            {t('payments.status')}
          </label>
          <select id="pf-status" name="status" className="form-select form-select-sm">
            <option value="">{t('payments.all')}</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`payments.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pf-method" className="form-label small mb-0">
            {t('payments.method')}
          </label>
          <select id="pf-method" name="method" className="form-select form-select-sm">
            <option value="">{t('payments.all')}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pf-from" className="form-label small mb-0">
            {t('payments.from')}
          </label>
          <input id="pf-from" name="from" type="date" className={cls} />
        </div>
        <div>
          <label htmlFor="pf-to" className="form-label small mb-0">
            {t('payments.to')}
          </label>
          <input id="pf-to" name="to" type="date" className={cls} />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-primary">
          {t('payments.filter')}
        </button>
      </form>
      <div className="d-flex gap-3 align-items-start">
        <table className="table table-sm table-hover small bg-body align-middle flex-grow-1">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('payments.when')}</th>
              <th scope="col">{t('payments.member')}</th>
              <th scope="col">{t('payments.bundle')}</th>
              <th scope="col" className="text-end">
                {t('payments.amount')}
              </th>
              <th scope="col">{t('payments.method')}</th>
              <th scope="col">{t('payments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.data?.payments.map((payment) => (
              <tr key={payment.id} className={payment.id === chosen ? 'table-active' : undefined}>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    aria-pressed={payment.id === chosen}
                    onClick={() => setChosen(payment.id)}
                  >
                    {t('payments.open', { id: payment.id })}
                  </button>
                </td>
                <td className="text-nowrap">{shortTime(payment.created_at)}</td>
                <td>
                  {payment.member_name} <span className="text-muted">#{payment.member_id}</span>
                </td>
                <td>
                  {payment.bundle_id} · {payment.credits} cr
                </td>
                <td className="text-end">
                  {money(payment.amount_cents, payment.currency, i18n.language)}
                </td>
                <td>{payment.method}</td>
                <td>{t(`payments.statuses.${payment.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {selected && <PaymentDetail payment={selected} onClose={() => setChosen(null)} />}
      </div>
      <div className="d-flex gap-2">
        {pages.length > 1 && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setPages(pages.slice(0, -1))}
          >
            {t('payments.newer')}
          </button>
        )}
        {payments.data?.next_before && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setPages([...pages, payments.data.next_before ?? undefined])}
          >
            {t('payments.older')}
          </button>
        )}
      </div>
    </div>
  );
}
