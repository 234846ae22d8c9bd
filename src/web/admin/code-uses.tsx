import { useQuery } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { businessApi, businessKeys, money, shortTime } from './business-api';

/** Who used a discount code (paid orders) or an invite (signups). */
export function CodeUses({ kind, id }: { kind: 'discount' | 'invite'; id: number }) {
  const { t, i18n } = useTranslation('admin-business');
  const route = kind === 'discount' ? businessApi.discountCodeUses : businessApi.inviteUses;
  const uses = useQuery({
    queryKey: businessKeys.uses(kind, id),
    queryFn: () => callApi(route, { query: { id } }),
  });
  if (!uses.data) return <p className="small text-muted mb-0">…</p>;
  if (uses.data.uses.length === 0)
    return <p className="small text-muted mb-0">{t('codes.noUses')}</p>;
  return (
    <table className="table table-sm mb-0 small">
      <caption className="visually-hidden">{t('codes.uses')}</caption>
      <tbody>
        {uses.data.uses.map((use) => (
          <tr key={`${use.member_id}-${use.payment_id ?? use.used_at}`}>
            <td>{shortTime(use.used_at)}</td>
            <td>
              {use.member_name} <span className="text-muted">#{use.member_id}</span>
            </td>
            <td>
              {use.payment_id !== null &&
                `${t('payments.payment')} #${use.payment_id} · ${money(use.amount_cents ?? 0, use.currency, i18n.language)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
