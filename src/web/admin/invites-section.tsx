import { type FormEvent, Fragment, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { BusinessError } from './business-error';
import { businessApi, businessKeys, shortTime } from './business-api';
import { CodeUses } from './code-uses';

/** Invite codes for the invite-only signup mode: single or multi use, expiry, end, uses. */
export function InvitesSection() {
  const { t } = useTranslation('admin-business');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const invites = useQuery({
    queryKey: businessKeys.invites,
    queryFn: () => callApi(businessApi.invites),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: businessKeys.invites });
  const create = useMutation({
    mutationFn: (body: { code: string; max_uses: number; expires: string | null }) =>
      callApi(businessApi.createInvite, { body }),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: (id: number) => callApi(businessApi.endInvite, { body: { id } }),
    onSuccess: refresh,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expires = String(data.get('expires') ?? '');
    create.mutate(
      {
        code: String(data.get('code') ?? '')
          .trim()
          .toUpperCase(),
        max_uses: Number(data.get('max_uses') ?? 1),
        expires: expires === '' ? null : new Date(expires).toISOString(),
      },
      { onSuccess: () => form.reset() },
    );
  }
  const cls = 'form-control form-control-sm';
  return (
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading" className="h6">
        {t('invites.title')}
      </h2>
      <form
        className="d-flex flex-wrap gap-2 align-items-end border rounded bg-body p-2 mb-2"
        onSubmit={submit}
        aria-label={t('invites.new')}
      >
        <div>
          <label htmlFor="inv-code" className="form-label small mb-0">
            {t('codes.code')}
          </label>
          <input
            id="inv-code"
            name="code"
            required
            maxLength={32}
            className={cls}
            style={{ width: '10rem' }}
          />
        </div>
        <div>
          <label htmlFor="inv-uses" className="form-label small mb-0">
            {t('invites.maxUses')}
          </label>
          <input
            id="inv-uses"
            name="max_uses"
            type="number"
            min={1}
            defaultValue={1}
            required
            className={cls}
            style={{ width: '6rem' }}
          />
        </div>
        <div>
          <label htmlFor="inv-expires" className="form-label small mb-0">
            {t('codes.expires')}
          </label>
          <input id="inv-expires" name="expires" type="datetime-local" className={cls} />
        </div>
        <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
          {t('invites.create')}
        </button>
      </form>
      <BusinessError error={create.error ?? end.error} />
      <table className="table table-sm table-hover small bg-body align-middle">
        <thead>
          <tr>
            <th scope="col">{t('codes.code')}</th>
            <th scope="col">{t('invites.used')}</th>
            <th scope="col">{t('codes.expires')}</th>
            <th scope="col">{t('codes.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('codes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.data?.invites.map((invite) => (
            <Fragment key={invite.id}>
              <tr>
                <td>
                  <code>{invite.code}</code>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    aria-expanded={open === invite.id}
                    onClick={() => setOpen(open === invite.id ? null : invite.id)}
                  >
                    {invite.uses} / {invite.max_uses}
                  </button>
                </td>
                <td>{shortTime(invite.expires) || '—'}</td>
                <td>{t(`invites.states.${invite.state}`)}</td>
                <td className="text-end">
                  {invite.state !== 'expired' && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary py-0"
                      disabled={end.isPending}
                      onClick={() => end.mutate(invite.id)}
                    >
                      {t('codes.end', { code: invite.code })}
                    </button>
                  )}
                </td>
              </tr>
              {open === invite.id && (
                <tr>
                  <td colSpan={5} className="bg-body-tertiary">
                    <CodeUses kind="invite" id={invite.id} />
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
