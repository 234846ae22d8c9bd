import { Fragment, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { BusinessError } from './business-error';
import { businessApi, businessKeys, money, shortTime } from './business-api';
import { CodeUses } from './code-uses';
import { DiscountCodeForm } from './discount-code-form';

/** The site's discount codes (spec §3, every field): create, end or reopen, and their uses. */
export function DiscountCodesSection() {
  const { t, i18n } = useTranslation('admin-business');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const codes = useQuery({
    queryKey: businessKeys.discountCodes,
    queryFn: () => callApi(businessApi.discountCodes),
  });
  const change = useMutation({
    mutationFn: (body: { id: number; status: 'active' | 'inactive' }) =>
      callApi(businessApi.changeDiscountCode, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.discountCodes }),
  });
  return (
    <section aria-labelledby="discount-codes-heading" className="mb-4">
      <h2 id="discount-codes-heading" className="h6">
        {t('codes.discountTitle')}
      </h2>
      <DiscountCodeForm />
      <BusinessError error={change.error} />
      <table className="table table-sm table-hover small bg-body align-middle">
        <thead>
          <tr>
            <th scope="col">{t('codes.code')}</th>
            <th scope="col">{t('codes.percentage')}</th>
            <th scope="col">{t('codes.validity')}</th>
            <th scope="col">{t('codes.conditions')}</th>
            <th scope="col">{t('codes.expires')}</th>
            <th scope="col">{t('codes.status')}</th>
            <th scope="col">{t('codes.uses')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('codes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.data?.codes.map((code) => (
            <Fragment key={code.id}>
              <tr>
                <td>
                  <code>{code.code}</code>
                </td>
                <td>{code.value_percentage} %</td>
                <td>{t(`codes.validities.${code.validity}`)}</td>
                <td className="text-muted">
                  {[
                    code.country,
                    code.currency,
                    code.minimum_order_value > 0 &&
                      `≥ ${money(code.minimum_order_value, code.currency, i18n.language)}`,
                    code.user_id !== null && `${t('codes.member')} #${code.user_id}`,
                    code.paymentmethods.join(', '),
                  ]
                    .filter(Boolean)
                    .join(' · ') || t('codes.anyOrder')}
                </td>
                <td>{shortTime(code.expires) || '—'}</td>
                <td>
                  {code.status === 'inactive'
                    ? t('codes.ended')
                    : code.expired
                      ? t('codes.expired')
                      : t('codes.active')}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    aria-expanded={open === code.id}
                    onClick={() => setOpen(open === code.id ? null : code.id)}
                  >
                    {t('codes.usesCount', { count: code.uses })}
                  </button>
                </td>
                <td className="text-end">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary py-0"
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({
                        id: code.id,
                        status: code.status === 'active' ? 'inactive' : 'active',
                      })
                    }
                  >
                    {code.status === 'active'
                      ? t('codes.end', { code: code.code })
                      : t('codes.reopen', { code: code.code })}
                  </button>
                </td>
              </tr>
              {open === code.id && (
                <tr>
                  <td colSpan={8} className="bg-body-tertiary">
                    <CodeUses kind="discount" id={code.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}
