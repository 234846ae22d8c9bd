import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useTranslation } from '@web/i18n/use-translation';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { spendingCapQuery, useSetSpendingCap } from './payments-api';

/**
 * The member's own monthly limit on credit purchases (issue 31 item 9; docs/payments.md):
 * what this month has cost, the limit, and a raise that waits 24 hours. Empty means no limit.
 */
export function SpendingCapSettings() {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const { t: tNotifications } = useTranslation('notifications');
  const cap = useQuery(spendingCapQuery);
  const change = useSetSpendingCap();
  const inputId = useId();
  const [invalid, setInvalid] = useState(false);
  if (!cap.data) return null;
  const { cap_cents, currency, spent_cents, next } = cap.data;
  const money = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('cap') ?? '').trim();
    const amount = Number(typed.replace(',', '.'));
    // A typo must never read as "no limit" (which an empty field means).
    const valid = typed === '' || (/^\d+([.,]\d{1,2})?$/.test(typed) && amount <= 100_000);
    setInvalid(!valid);
    if (valid) change.mutate(typed === '' ? null : Math.round(amount * 100));
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-labelledby={`${inputId}-heading`}
    >
      <h2 id={`${inputId}-heading`} className="h5">
        {t('spendingCap.title')}
      </h2>
      <p className="mb-2">
        {cap_cents === null
          ? t('spendingCap.spentNoCap', { spent: money(spent_cents) })
          : t('spendingCap.spent', { spent: money(spent_cents), cap: money(cap_cents) })}
      </p>
      {next && (
        <p className="small mb-2" role="status">
          {next.cap_cents === null
            ? t('spendingCap.removalWaits', { from: when(next.from) })
            : t('spendingCap.raiseWaits', { cap: money(next.cap_cents), from: when(next.from) })}
        </p>
      )}
      <FormAlert variant="danger">
        {invalid ? t('spendingCap.invalid') : apiErrorText(tCommon, change.error)}
      </FormAlert>
      <label htmlFor={inputId} className="form-label fw-semibold">
        {t('spendingCap.label', { currency })}
      </label>
      <div className="d-flex gap-2 mb-2">
        <input
          id={inputId}
          name="cap"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          inputMode="decimal"
          pattern="[0-9]+([.,][0-9]{1,2})?"
          defaultValue={cap_cents === null ? '' : String(cap_cents / 100)}
          aria-describedby={`${inputId}-hint`}
          style={{ maxWidth: '10rem' }}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('spendingCap.save')}
        </button>
      </div>
      <div id={`${inputId}-hint`} className="form-text">
        {t('spendingCap.rule')}
      </div>
      {/* Issue 31 item 9: the monthly summary, turned off with the weekly update (docs/notifications.md). */}
      <p className="form-text mb-0">
        {t('spendingCap.summary')}{' '}
        <Link to={pathFor('notifications')} className="text-decoration-underline">
          {tNotifications('title')}
        </Link>
      </p>
    </form>
  );
}
