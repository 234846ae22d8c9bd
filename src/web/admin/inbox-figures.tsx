import { useQuery } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { useTranslation } from '@web/i18n/use-translation';
import { inboxApi } from './admin-api';

const minutes = (seconds: number | null) => (seconds === null ? '–' : (seconds / 60).toFixed(1));

/** Answer times and load of the last 7 days (issue 30 item 3 "Figures"). */
export function InboxFigures() {
  const { t } = useTranslation('admin');
  const figures = useQuery({
    queryKey: adminKeys.figures,
    queryFn: () => callApi(inboxApi.figures, { query: { days: 7 } }),
  });
  const data = figures.data;
  if (!data) return null;
  return (
    <dl className="row g-0 small px-3 mb-2" aria-label={t('admin.figures.label')}>
      <dt className="col-8 fw-normal text-body-secondary">{t('admin.figures.waiting')}</dt>
      <dd className="col-4 text-end mb-0">{data.waiting}</dd>
      <dt className="col-8 fw-normal text-body-secondary">{t('admin.figures.median')}</dt>
      <dd className="col-4 text-end mb-0">{minutes(data.median_answer_seconds)}</dd>
      <dt className="col-8 fw-normal text-body-secondary">{t('admin.figures.p90')}</dt>
      <dd className="col-4 text-end mb-0">{minutes(data.p90_answer_seconds)}</dd>
      <dt className="col-8 fw-normal text-body-secondary">{t('admin.figures.answers')}</dt>
      <dd className="col-4 text-end mb-0">{data.answers}</dd>
    </dl>
  );
}
