import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Report } from '@contract/moderation';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { moderationApi } from './admin-api';
import { adminKeys } from './admin-query-keys';

/**
 * /admin/reports: open reports of members and messages, oldest first, each with the
 * conversation around the reported message; dismiss, or ban the reported member from here
 * (issue 30 item 5).
 */
export function ModerationReportsPage() {
  const { t } = useTranslation('admin-moderation');
  useDocumentTitle(t('moderation.reports.title'));
  const reports = useQuery({
    queryKey: adminKeys.reports,
    queryFn: () => callApi(moderationApi.reports),
  });
  return (
    <section className="p-3" style={{ maxWidth: '64rem' }}>
      <h1 className="h5">{t('moderation.reports.title')}</h1>
      {reports.data?.reports.length === 0 && (
        <p className="text-body-secondary">{t('moderation.reports.empty')}</p>
      )}
      <ol className="list-unstyled d-grid gap-3">
        {reports.data?.reports.map((report) => (
          <ReportItem key={report.id} report={report} />
        ))}
      </ol>
    </section>
  );
}

function ReportItem({ report }: { report: Report }) {
  const { t } = useTranslation(['admin-moderation', 'common']);
  const queryClient = useQueryClient();
  const [banning, setBanning] = useState(false);
  const resolve = useMutation({
    mutationFn: (body: { resolution: 'dismissed' } | { resolution: 'banned'; reason: string }) =>
      callApi(moderationApi.resolveReport, { body: { report: report.id, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.reports }),
  });
  function ban(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    resolve.mutate({ resolution: 'banned', reason });
  }
  const headingId = `report-${report.id}`;
  return (
    <li className="card" aria-labelledby={headingId}>
      <div className="card-body p-2">
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
          <h2 id={headingId} className="h6 mb-0">
            {t(`moderation.reportReasons.${report.reason}`)}:{' '}
            <Link to={`/admin/members?member=${report.reported.id}`}>{report.reported.name}</Link>
            {report.reported.is_fictional && (
              <span className="badge text-bg-info ms-1">{t('moderation.fictional')}</span>
            )}
            {report.reported.status === 'banned' && (
              <span className="badge text-bg-danger ms-1">{t('moderation.status.banned')}</span>
            )}
          </h2>
          <span className="small text-body-secondary">
            {t('moderation.reports.by', { name: report.reporter.name })} ·{' '}
            {new Date(report.created_at).toLocaleString()}
          </span>
        </div>
        {report.note && <blockquote className="small fst-italic mb-2">“{report.note}”</blockquote>}
        {report.excerpt.length > 0 ? (
          <ol
            className="list-unstyled admin-excerpt small mb-2"
            aria-label={t('moderation.reports.excerpt')}
          >
            {report.excerpt.map((message) => (
              <li
                key={message.id}
                className={`admin-excerpt-line from-${message.from}${message.reported ? ' reported' : ''}`}
              >
                <strong>
                  {message.from === 'reported' ? report.reported.name : report.reporter.name}:
                </strong>{' '}
                {message.kind === 'text' ? message.text : t(`moderation.kinds.${message.kind}`)}
                {message.reported && (
                  <span className="badge text-bg-warning ms-1">
                    {t('moderation.reports.reportedMessage')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <p className="small text-body-secondary mb-2">{t('moderation.reports.noExcerpt')}</p>
        )}
        <FormAlert variant="danger">{apiErrorText(t, resolve.error)}</FormAlert>
        {banning ? (
          <form className="d-flex gap-2" onSubmit={ban}>
            <label htmlFor={`ban-reason-${report.id}`} className="visually-hidden">
              {t('moderation.ban.reason')}
            </label>
            <input
              id={`ban-reason-${report.id}`}
              name="reason"
              className="form-control form-control-sm"
              required
              minLength={3}
              maxLength={500}
              defaultValue={t(`moderation.reportReasons.${report.reason}`)}
              autoFocus
            />
            <button type="submit" className="btn btn-sm btn-danger text-nowrap">
              {t('moderation.ban.confirm', { name: report.reported.name })}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setBanning(false)}
            >
              {t('moderation.cancel')}
            </button>
          </form>
        ) : (
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ resolution: 'dismissed' })}
            >
              {t('moderation.reports.dismiss')}
            </button>
            {!report.reported.is_fictional && report.reported.status !== 'banned' && (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => setBanning(true)}
              >
                {t('moderation.reports.ban')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
