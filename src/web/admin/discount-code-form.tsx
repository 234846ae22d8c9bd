import { type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@contract/endpoint';
import type { adminBusinessApi } from '@contract/endpoints/admin-business';
import { PAYMENT_METHODS, type PaymentMethod } from '@contract/payments';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { BusinessError } from './business-error';
import { businessApi, businessKeys } from './business-api';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
const orNull = (value: string) => (value === '' ? null : value);

/** A new discount code with every §3 field, in one dense row of inputs. */
export function DiscountCodeForm() {
  const { t } = useTranslation('admin-business');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: BodyInput<typeof adminBusinessApi.createDiscountCode>) =>
      callApi(businessApi.createDiscountCode, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.discountCodes }),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expires = text(data, 'expires');
    const user = text(data, 'user_id');
    create.mutate(
      {
        code: text(data, 'code').toUpperCase(),
        value_percentage: Number(text(data, 'value_percentage')),
        validity: text(data, 'validity') as 'once' | 'once_per_user' | 'many',
        country: orNull(text(data, 'country').toUpperCase()),
        currency: orNull(text(data, 'currency').toUpperCase()),
        minimum_order_value: Math.round(Number(text(data, 'minimum') || '0') * 100),
        user_id: user === '' ? null : Number(user),
        expires: expires === '' ? null : new Date(expires).toISOString(),
        paymentmethods: data.getAll('methods').map(String) as PaymentMethod[],
      },
      { onSuccess: () => form.reset() },
    );
  }
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="col-auto">
      <label htmlFor={`dc-${name}`} className="form-label small mb-0">
        {label}
      </label>
      {input}
    </div>
  );
  const cls = 'form-control form-control-sm';
  return (
    <form
      className="border rounded bg-body p-2 mb-2"
      onSubmit={submit}
      aria-label={t('codes.newDiscount')}
    >
      <div className="row g-2 align-items-end">
        {field(
          'code',
          t('codes.code'),
          <input
            id="dc-code"
            name="code"
            className={cls}
            required
            maxLength={32}
            style={{ width: '9rem' }}
          />,
        )}
        {field(
          'value_percentage',
          t('codes.percentage'),
          <input
            id="dc-value_percentage"
            name="value_percentage"
            type="number"
            min={1}
            max={100}
            required
            className={cls}
            style={{ width: '5rem' }}
          />,
        )}
        {field(
          'validity',
          t('codes.validity'),
          <select id="dc-validity" name="validity" className="form-select form-select-sm">
            <option value="once_per_user">{t('codes.validities.once_per_user')}</option>
            <option value="once">{t('codes.validities.once')}</option>
            <option value="many">{t('codes.validities.many')}</option>
          </select>,
        )}
        {field(
          'country',
          t('codes.country'),
          <input
            id="dc-country"
            name="country"
            maxLength={2}
            className={cls}
            style={{ width: '4rem' }}
          />,
        )}
        {field(
          'currency',
          t('codes.currency'),
          <input
            id="dc-currency"
            name="currency"
            maxLength={3}
            className={cls}
            style={{ width: '4.5rem' }}
          />,
        )}
        {field(
          'minimum',
          t('codes.minimum'),
          <input
            id="dc-minimum"
            name="minimum"
            type="number"
            min={0}
            step="0.01"
            className={cls}
            style={{ width: '6rem' }}
          />,
        )}
        {field(
          'user_id',
          t('codes.member'),
          <input
            id="dc-user_id"
            name="user_id"
            type="number"
            min={1}
            className={cls}
            style={{ width: '6rem' }}
          />,
        )}
        {field(
          'expires',
          t('codes.expires'),
          <input id="dc-expires" name="expires" type="datetime-local" className={cls} />,
        )}
        <fieldset className="col-auto">
          <legend className="form-label small mb-0 fs-6">{t('codes.methods')}</legend>
          <div className="d-flex flex-wrap gap-2 small">
            {PAYMENT_METHODS.map((method) => (
              <label key={method} className="form-check-label">
                <input
                  type="checkbox"
                  name="methods"
                  value={method}
                  className="form-check-input me-1"
                />
                {method}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
            {t('codes.create')}
          </button>
        </div>
      </div>
      <BusinessError error={create.error} />
    </form>
  );
}
