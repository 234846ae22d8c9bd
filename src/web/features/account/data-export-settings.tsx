import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_EXPORT_LIFETIME_HOURS, type DataExport } from '@contract/data-export';
import { useTranslation } from '@web/i18n/use-translation';
import { callApi } from '@web/api/call-api';
import { dataExportApi } from './data-export-api';
import { queryKeys } from '@web/api/query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';

// While an export is being prepared the state is asked again now and then, so "mailed"
// shows without a reload; the job usually takes seconds.
const POLL_WHILE_PREPARING_MS = 5_000;

/**
 * Issue 31 item 8: asks for a copy of everything the site holds about the member, with their
 * password, and says where it stands (being prepared, mailed, downloaded, expired).
 */
export function DataExportSettings() {
  const { t, i18n } = useTranslation(['data-export', 'common']);
  const queryClient = useQueryClient();
  const { data: latest } = useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: ({ signal }) => callApi(dataExportApi.latestExport, { signal }).then((a) => a.export),
    refetchInterval: (query) =>
      query.state.data?.status === 'preparing' ? POLL_WHILE_PREPARING_MS : false,
  });
  const request = useMutation({
    mutationFn: (password: string) => callApi(dataExportApi.requestExport, { body: { password } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.dataExport, answer.export),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get('password') ?? '');
    request.mutate(password, { onSuccess: () => form.reset() });
  }

  const state = latest ? stateText(t, latest, i18n.language) : undefined;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4 mt-4"
      aria-labelledby="data-export-heading"
    >
      <h2 id="data-export-heading" className="h5">
        {t('settings.title')}
      </h2>
      <p>{t('settings.intro', { hours: DATA_EXPORT_LIFETIME_HOURS })}</p>
      <FormAlert variant={latest?.status === 'failed' ? 'danger' : 'success'}>{state}</FormAlert>
      <FormAlert variant="danger">{apiErrorText(t, request.error)}</FormAlert>
      {latest?.status !== 'preparing' && (
        <>
          <FormField
            id="data-export-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('settings.password')}
            hint={t('settings.passwordHint')}
            required
          />
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {t('settings.submit')}
          </button>
        </>
      )}
    </form>
  );
}

function stateText(
  t: ReturnType<typeof useTranslation>['t'],
  latest: DataExport,
  language: string,
): string {
  if (latest.status !== 'ready') return t(`settings.${latest.status}`);
  const date = latest.expires_at
    ? new Date(latest.expires_at).toLocaleString(language, {
        dateStyle: 'long',
        timeStyle: 'short',
      })
    : '';
  return t('settings.mailed', { date });
}
