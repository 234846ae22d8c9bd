import type { SiteFigures } from '@contract/site-admin';
import { useTranslation } from '@web/i18n/use-translation';
import { FiguresTable } from './figures-table';

/**
 * The fictional-profile inbox over the figures' period (issue 30 item 3): waiting count,
 * answers, median and 90th-percentile answer time, and the answers per operator per UTC day
 * as a table with its CSV (the inbox's side panel shows the last 7 days only).
 */
export function OperatorFigures({
  operators,
  period,
}: {
  operators: SiteFigures['operators'];
  period: string;
}) {
  const { t } = useTranslation('admin-sites');
  const minutes = (seconds: number | null) =>
    seconds === null ? '–' : t('figures.minutes', { value: (seconds / 60).toFixed(1) });
  return (
    <section aria-labelledby="figures-operators">
      <h2 id="figures-operators" className="h6">
        {t('figures.operators')}
      </h2>
      <dl className="admin-totals" aria-labelledby="figures-operators">
        {(
          [
            ['waitingNow', operators.waiting],
            ['answers', operators.answers],
            ['medianAnswer', minutes(operators.median_answer_seconds)],
            ['p90Answer', minutes(operators.p90_answer_seconds)],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`figures.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-figures-narrow">
        <FiguresTable
          title={t('figures.perOperatorDay')}
          fileName={`operator_answers_${period}`}
          header={[t('figures.day'), t('figures.operator'), t('figures.answers')]}
          rows={operators.per_day.map((entry) => [entry.day, entry.name, entry.answers])}
        />
      </div>
    </section>
  );
}
