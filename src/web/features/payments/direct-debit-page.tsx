import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paymentsApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { bundlesQuery } from '@web/api/bundles-query';
import { callApi } from '@web/api/call-api';
import { useCompanyInfo } from '@web/api/site-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { CreditDebtNotice } from '@web/components/credit-debt-notice';
import { FormField } from '@web/components/form-field';
import { formatMoney } from '@web/components/money';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { CheckoutNotes } from './checkout-notes';
import { newOrderKey, quoteQuery } from './payments-api';

const FIELDS = [
  'account_holder',
  'iban',
  'street',
  'house_number',
  'zip',
  'city',
  'phone',
] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  account_holder: 'accountHolder',
  iban: 'iban',
  street: 'street',
  house_number: 'houseNumber',
  zip: 'zip',
  city: 'city',
  phone: 'phone',
};
const AUTOCOMPLETE: Record<Field, string> = {
  account_holder: 'name',
  iban: 'off',
  street: 'address-line1',
  house_number: 'address-line2',
  zip: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
};

function DirectDebit({ bundle, code }: { bundle: string; code: string }) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { data: company } = useCompanyInfo();
  const quote = useQuery(quoteQuery(bundle, 'directdebit', code));
  // A debt refuses direct debit (direct_debit_debt): the amount is said before the form.
  const { data: offer } = useQuery(bundlesQuery());
  const [orderKey] = useState(newOrderKey);
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<Field, string>,
  );
  const [otp, setOtp] = useState('');
  const send = useMutation({
    mutationFn: () =>
      callApi(paymentsApi.directDebit, {
        body: { ...values, bundle, order_key: orderKey, ...(code ? { code } : {}) },
      }),
  });
  const confirm = useMutation({
    mutationFn: (requestId: number) =>
      callApi(paymentsApi.directDebitConfirm, { body: { request_id: requestId, otp } }),
    onSuccess: (answer) =>
      void navigate(pathFor('transactions-id', { id: answer.payment_id }), { replace: true }),
  });
  if (quote.error)
    return <div className="alert alert-danger">{apiErrorText(tCommon, quote.error)}</div>;
  if (!quote.data) return <PageSpinner />;
  const price = formatMoney(quote.data.price, quote.data.currency, i18n.language);
  const fieldErrors = fieldErrorTexts(tCommon, send.error);
  const sent = send.data;

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (sent) confirm.mutate(sent.request_id);
  };

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <CreditDebtNotice credits={offer?.credits_owed ?? 0} />
        <p>{t('directdebit.lead')}</p>
        {!sent ? (
          <form onSubmit={submitForm} noValidate>
            <div className="row">
              {FIELDS.map((field) => (
                <div
                  key={field}
                  className={field === 'house_number' || field === 'zip' ? 'col-sm-6' : 'col-12'}
                >
                  <FormField
                    id={`dd-${field}`}
                    label={t(`directdebit.${LABELS[field]}`)}
                    autoComplete={AUTOCOMPLETE[field]}
                    inputMode={field === 'phone' ? 'tel' : undefined}
                    value={values[field]}
                    required
                    onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                    error={fieldErrors[field]}
                    {...(field === 'phone' ? { hint: t('directdebit.phoneHelp') } : {})}
                  />
                </div>
              ))}
            </div>
            {send.error && !Object.keys(fieldErrors).length && (
              <div className="alert alert-danger" role="alert">
                {apiErrorText(tCommon, send.error)}
              </div>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-lg w-100"
              disabled={send.isPending}
            >
              {t('directdebit.submit')}
            </button>
          </form>
        ) : (
          <form onSubmit={submitCode}>
            <div className="mb-3">
              <label htmlFor="dd-otp" className="form-label fw-semibold">
                {t('directdebit.otp')}
              </label>
              <input
                id="dd-otp"
                className={`form-control form-control-lg font-monospace${confirm.error ? ' is-invalid' : ''}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
                aria-describedby="dd-otp-help"
              />
              <div id="dd-otp-help" className="form-text">
                {t('directdebit.otpHelp', { hint: sent.phone_hint })}
              </div>
            </div>
            {confirm.error && (
              <div className="alert alert-danger" role="alert">
                {apiErrorText(tCommon, confirm.error)}
              </div>
            )}
            <p className="small">{t('directdebit.mandate', { company: company?.name ?? '' })}</p>
            <button
              type="submit"
              className="btn btn-primary btn-lg w-100"
              disabled={otp.length !== 6 || confirm.isPending || confirm.isSuccess}
            >
              {t('directdebit.confirm')} · {price}
            </button>
          </form>
        )}
      </div>
      <div className="col-lg-5">
        <section className="card shadow-sm" aria-labelledby="dd-summary">
          <div className="card-body">
            <h2 id="dd-summary" className="h5">
              {t('summary')}
            </h2>
            <p className="mb-1">{t('credits', { count: quote.data.bundle.credits })}</p>
            <p className="fs-4 fw-bold mb-3">{price}</p>
            <CheckoutNotes vatPercent={quote.data.vat_percent} companyName={company?.name} />
          </div>
        </section>
      </div>
    </div>
  );
}

/** /directdebit: the direct debit form, confirmed by a code sent by SMS (spec §2, §3, §5, §8). */
export function DirectDebitPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const bundle = params.get('bundle');
  useDocumentTitle(t('directdebit.title'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-4">{t('directdebit.title')}</h1>
      <RequireLogin>
        {bundle ? (
          <DirectDebit bundle={bundle} code={params.get('code') ?? ''} />
        ) : (
          <p>
            {t('directdebit.noBundle')}{' '}
            <Link to={pathFor('credits')} className="text-decoration-underline">
              {t('otherBundle')}
            </Link>
          </p>
        )}
      </RequireLogin>
    </section>
  );
}
