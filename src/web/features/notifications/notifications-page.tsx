import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@contract/notifications';
import type { BodyInput } from '@contract/endpoint';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { notificationsApi } from '@web/api/endpoints';
import { queryKeys } from '@web/api/query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { EmailDisabledNotice } from './email-disabled-notice';
import { PushDevice } from './push-device';

const settingsQuery = {
  queryKey: queryKeys.notificationSettings,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(notificationsApi.settings, { signal }),
};

/** spec §2 notifications page: the kinds of §3 per channel, e-mail sources, delete account. */
export function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'common']);
  useDocumentTitle(t('title'));
  return (
    <RequireLogin>
      <section className="container py-5" style={{ maxWidth: '44rem' }}>
        <h1 className="h2 mb-2">{t('title')}</h1>
        <p className="text-body-secondary mb-4">{t('intro')}</p>
        <NotificationSettingsForm />
        <PushDevice />
        <section className="card border-0 shadow-sm p-3 p-md-4 mt-4" aria-labelledby="leave">
          <h2 id="leave" className="h5">
            {t('account.heading')}
          </h2>
          <p className="mb-2">{t('account.text')}</p>
          <Link to={pathFor('settings')}>{t('account.link')}</Link>
        </section>
      </section>
    </RequireLogin>
  );
}

function NotificationSettingsForm() {
  const { t } = useTranslation(['notifications', 'common']);
  const queryClient = useQueryClient();
  const { data } = useQuery(settingsQuery);
  const change = useMutation({
    mutationFn: (body: BodyInput<typeof notificationsApi.changeSettings>) =>
      callApi(notificationsApi.changeSettings, { body }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.notificationSettings, answer),
  });
  const toggle = (channel: NotificationChannel, kind: NotificationKind, on: boolean) =>
    change.mutate({ [channel]: { [kind]: on } });

  return (
    <>
      {data && data.email_disabled.length > 0 && (
        <EmailDisabledNotice
          reasons={data.email_disabled}
          busy={change.isPending}
          onResume={() => change.mutate({ resume_email: true })}
        />
      )}
      <section className="card border-0 shadow-sm p-3 p-md-4" aria-labelledby="kinds-heading">
        <table className="table align-middle mb-0">
          <thead>
            <tr>
              <th scope="col" id="kinds-heading">
                {t('kindColumn')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="text-center" style={{ width: '5.5rem' }}>
                  {t(`channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="fw-normal">
                  {t(`kinds.${kind}`)}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="text-center">
                    <div className="form-check form-switch d-inline-block m-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        role="switch"
                        aria-label={`${t(`kinds.${kind}`)}: ${t(`channels.${channel}`)}`}
                        checked={data?.[channel][kind] ?? true}
                        disabled={!data || change.isPending}
                        onChange={(event) => toggle(channel, kind, event.target.checked)}
                      />
                    </div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div aria-live="polite" className="small text-success mt-2">
          {change.isSuccess && t('saved')}
        </div>
        {change.error && (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            {apiErrorText(t, change.error)}
          </div>
        )}
      </section>
    </>
  );
}
