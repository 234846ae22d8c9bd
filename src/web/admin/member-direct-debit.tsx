import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { BusinessError } from './business-error';
import { businessApi, businessKeys } from './business-api';

/** spec §8: a member's direct-debit block flag and own monthly limit (empty: the site's). */
export function MemberDirectDebit({ member }: { member: number }) {
  const { t } = useTranslation('admin-business');
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: businessKeys.directDebit(member),
    queryFn: () => callApi(businessApi.directDebit, { query: { member } }),
  });
  const change = useMutation({
    mutationFn: (body: {
      member: number;
      blocked: boolean;
      monthly_limit: Record<string, number> | null;
    }) => callApi(businessApi.changeDirectDebit, { body }),
    onSuccess: (answer) => queryClient.setQueryData(businessKeys.directDebit(member), answer),
  });
  const data = rules.data?.direct_debit;
  if (!data) return null;
  const currencies = Object.keys(data.site_monthly_limit);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const limit: Record<string, number> = {};
    for (const currency of currencies) {
      const value = String(form.get(`limit-${currency}`) ?? '').trim();
      if (value !== '') limit[currency] = Math.round(Number(value) * 100);
    }
    change.mutate({
      member,
      blocked: form.get('blocked') === 'on',
      monthly_limit: Object.keys(limit).length ? limit : null,
    });
  }
  return (
    <form onSubmit={submit} className="border-top pt-2 small" aria-label={t('directDebit.title')}>
      <h3 className="h6 small fw-semibold">{t('directDebit.title')}</h3>
      <div className="form-check mb-1">
        <input
          id={`dd-blocked-${member}`}
          name="blocked"
          type="checkbox"
          className="form-check-input"
          defaultChecked={data.blocked}
          key={String(data.blocked)}
        />
        <label htmlFor={`dd-blocked-${member}`} className="form-check-label">
          {t('directDebit.blocked')}
        </label>
      </div>
      {currencies.map((currency) => (
        <div key={currency} className="d-flex align-items-center gap-2 mb-1">
          <label htmlFor={`dd-limit-${currency}`} className="text-nowrap">
            {t('directDebit.limit', { currency })}
          </label>
          <input
            id={`dd-limit-${currency}`}
            name={`limit-${currency}`}
            type="number"
            min={0}
            step="0.01"
            className="form-control form-control-sm"
            style={{ width: '7rem' }}
            placeholder={(data.site_monthly_limit[currency]! / 100).toFixed(2)}
            defaultValue={
              data.monthly_limit?.[currency] !== undefined
                ? (data.monthly_limit[currency] / 100).toFixed(2)
                : ''
            }
          />
        </div>
      ))}
      <p className="text-muted mb-1">{t('directDebit.limitHint')}</p>
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={change.isPending}>
        {t('directDebit.save')}
      </button>
      {change.isSuccess && (
        <span className="ms-2 text-success" role="status">
          {t('directDebit.saved')}
        </span>
      )}
      <BusinessError error={change.error} />
    </form>
  );
}
