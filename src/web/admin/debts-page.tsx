import { useQuery } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { businessApi, businessKeys, shortTime } from './business-api';

/** /admin/debts: credits owed after chargebacks, and how each debt was settled (item 8). */
export function DebtsPage() {
  const { t } = useTranslation('admin-business');
  useDocumentTitle(t('debts.title'));
  const debts = useQuery({
    queryKey: businessKeys.debts,
    queryFn: () => callApi(businessApi.debts),
  });
  return (
    <div className="p-3 admin-business">
      <h1 className="h5">{t('debts.title')}</h1>
      <p className="small text-muted">{t('debts.intro')}</p>
      {debts.data?.debts.length === 0 && <p>{t('debts.none')}</p>}
      {!!debts.data?.debts.length && (
        <table className="table table-sm small bg-body align-top">
          <thead>
            <tr>
              <th scope="col">{t('payments.member')}</th>
              <th scope="col" className="text-end">
                {t('debts.owed')}
              </th>
              <th scope="col">{t('debts.history')}</th>
            </tr>
          </thead>
          <tbody>
            {debts.data?.debts.map((debt) => (
              <tr key={debt.member_id}>
                <td>
                  {debt.member_name} <span className="text-muted">#{debt.member_id}</span>
                </td>
                <td className="text-end">
                  {debt.credits > 0
                    ? t('debts.credits', { count: debt.credits })
                    : t('debts.settled')}
                </td>
                <td>
                  <ul className="list-unstyled mb-0">
                    {debt.movements.map((movement) => (
                      <li key={`${movement.created_at}-${movement.reason}`}>
                        {shortTime(movement.created_at)} ·{' '}
                        {t(`debts.reasons.${movement.reason}`, { defaultValue: movement.reason })} ·{' '}
                        {movement.amount}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
