import { type FormEvent, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SiteFigures } from '@contract/site-admin';
import { OTHER_SOURCES } from '@contract/visits';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import type { CsvValue } from './csv';
import { FiguresChart } from './figures-chart';
import { FiguresTable } from './figures-table';
import { OperatorFigures } from './operator-figures';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** /admin/figures?site=&from=&to=: a site's figures for a period of UTC days (issue 30 item 9). */
export function FiguresPage() {
  const { t } = useTranslation(['admin-sites', 'common']);
  useDocumentTitle(t('figures.title'));
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: adminKeys.sites, queryFn: () => callApi(sitesAdminApi.list) });
  const site = Number(params.get('site')) || sites.data?.sites[0]?.id;
  const to = params.get('to') ?? isoDay(Date.now());
  const from = params.get('from') ?? isoDay(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  const query = { site: site ?? 0, from, to };
  const figures = useQuery({
    queryKey: adminKeys.siteFigures(query),
    queryFn: () => callApi(sitesAdminApi.figures, { query }),
    enabled: site !== undefined,
  });
  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams({
      site: String(form.get('site')),
      from: String(form.get('from')),
      to: String(form.get('to')),
    });
  }
  return (
    <section className="p-3">
      <h1 className="h5">{t('figures.title')}</h1>
      <form
        key={`${site}-${from}-${to}`}
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        onSubmit={choose}
      >
        <div>
          <label htmlFor="figures-site" className="form-label small mb-0">
            {t('figures.site')}
          </label>
          <select
            id="figures-site"
            name="site"
            className="form-select form-select-sm"
            defaultValue={site}
          >
            {sites.data?.sites.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name} ({entry.domain})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="figures-from" className="form-label small mb-0">
            {t('figures.from')}
          </label>
          <input
            id="figures-from"
            name="from"
            type="date"
            className="form-control form-control-sm"
            defaultValue={from}
          />
        </div>
        <div>
          <label htmlFor="figures-to" className="form-label small mb-0">
            {t('figures.to')}
          </label>
          <input
            id="figures-to"
            name="to"
            type="date"
            className="form-control form-control-sm"
            defaultValue={to}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-primary">
          {t('figures.show')}
        </button>
        <span className="small text-body-secondary ms-2">{t('figures.utc')}</span>
      </form>
      {figures.error && <p className="text-danger">{apiErrorText(t, figures.error)}</p>}
      {figures.data && <FiguresView figures={figures.data} />}
    </section>
  );
}

/** A conversion (signups per visit) as a percentage; a dash where nothing was visited. */
const percent = (value: CsvValue) =>
  typeof value === 'number'
    ? new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(value)
    : '–';

function FiguresView({ figures }: { figures: SiteFigures }) {
  const { t } = useTranslation(['admin-sites', 'common']);
  const period = `${figures.from}_${figures.to}`;
  const labels = useMemo(() => figures.days.map((day) => day.day), [figures]);
  const daySeries = useMemo(
    () => [
      { label: t('figures.signups'), data: figures.days.map((day) => day.signups) },
      { label: t('figures.activations'), data: figures.days.map((day) => day.activations) },
      { label: t('figures.firstPurchases'), data: figures.days.map((day) => day.first_purchases) },
      { label: t('figures.pageBounces'), data: figures.days.map((day) => day.page_bounces) },
    ],
    [figures, t],
  );
  const messageSeries = useMemo(
    () => [{ label: t('figures.messages'), data: figures.days.map((day) => day.messages) }],
    [figures, t],
  );
  const sourceLabels = useMemo(
    () => figures.sources.map((entry) => entry.source ?? t('figures.noSource')),
    [figures, t],
  );
  const sourceSeries = useMemo(
    () => [
      { label: t('figures.signups'), data: figures.sources.map((entry) => entry.signups) },
      { label: t('figures.activations'), data: figures.sources.map((entry) => entry.activations) },
      {
        label: t('figures.firstPurchases'),
        data: figures.sources.map((entry) => entry.first_purchases),
      },
    ],
    [figures, t],
  );
  const sourceName = (source: CsvValue) =>
    source === null ? (
      <em>{t('figures.noSource')}</em>
    ) : source === OTHER_SOURCES ? (
      <em>{t('figures.otherSources')}</em>
    ) : (
      source
    );
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  const totals = figures.totals;
  return (
    <>
      <dl className="admin-totals" aria-label={t('figures.totals')}>
        {(
          [
            ['visits', totals.visits],
            ['signups', totals.signups],
            ['conversion', percent(totals.conversion)],
            ['activations', totals.activations],
            ['firstPurchases', totals.first_purchases],
            ['messages', totals.messages],
            ['messagingMembers', totals.messaging_members],
            ['activeMembers', totals.active_members],
            ['pageBounces', totals.page_bounces],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`figures.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-figures-grid">
        <section className="admin-card" aria-label={t('figures.perDayChart')}>
          <FiguresChart
            kind="line"
            title={t('figures.perDayChart')}
            labels={labels}
            series={daySeries}
          />
        </section>
        <section className="admin-card" aria-label={t('figures.messagesChart')}>
          <FiguresChart
            kind="bar"
            title={t('figures.messagesChart')}
            labels={labels}
            series={messageSeries}
          />
        </section>
        <section className="admin-card" aria-label={t('figures.sourcesChart')}>
          <FiguresChart
            kind="bar"
            title={t('figures.sourcesChart')}
            labels={sourceLabels}
            series={sourceSeries}
          />
        </section>
      </div>
      <div className="admin-figures-grid">
        <FiguresTable
          title={t('figures.bySource')}
          fileName={`sources_${period}`}
          wide
          header={[
            t('figures.source'),
            t('figures.visits'),
            t('figures.signups'),
            t('figures.conversion'),
            t('figures.activations'),
            t('figures.firstPurchases'),
          ]}
          rows={figures.sources.map((entry) => [
            entry.source,
            entry.visits,
            entry.signups,
            entry.conversion,
            entry.activations,
            entry.first_purchases,
          ])}
          render={(value, column) =>
            column === 0 ? sourceName(value) : column === 3 ? percent(value) : value
          }
        />
        <FiguresTable
          title={t('figures.byLander')}
          fileName={`landers_${period}`}
          header={[
            t('figures.lander'),
            t('figures.visits'),
            t('figures.signups'),
            t('figures.conversion'),
          ]}
          rows={figures.landers.map((entry) => [
            entry.lander,
            entry.visits,
            entry.signups,
            entry.conversion,
          ])}
          render={(value, column) =>
            column === 0 && value === null ? (
              <em>{t('figures.noLander')}</em>
            ) : column === 3 ? (
              percent(value)
            ) : (
              value
            )
          }
        />
        <FiguresTable
          title={t('figures.revenue')}
          fileName={`revenue_${period}`}
          header={[
            t('figures.currency'),
            t('figures.payments'),
            t('figures.amount'),
            t('figures.reversed'),
            t('figures.net'),
          ]}
          rows={figures.revenue.map((entry) => [
            entry.currency,
            entry.payments,
            (entry.amount_cents / 100).toFixed(2),
            (entry.reversed_cents / 100).toFixed(2),
            ((entry.amount_cents - entry.reversed_cents) / 100).toFixed(2),
          ])}
          render={(value, column, row) =>
            column >= 2 ? money(Math.round(Number(value) * 100), String(row[0])) : value
          }
        />
        <FiguresTable
          title={t('figures.bounces')}
          fileName={`page_bounces_${period}`}
          header={[t('figures.route'), t('figures.pageBounces')]}
          rows={figures.bounces.map((entry) => [entry.route, entry.count])}
        />
      </div>
      <FiguresTable
        title={t('figures.perDay')}
        fileName={`days_${period}`}
        header={[
          t('figures.day'),
          t('figures.visits'),
          t('figures.signups'),
          t('figures.activations'),
          t('figures.firstPurchases'),
          t('figures.messages'),
          t('figures.pageBounces'),
        ]}
        rows={figures.days.map((day) => [
          day.day,
          day.visits,
          day.signups,
          day.activations,
          day.first_purchases,
          day.messages,
          day.page_bounces,
        ])}
      />
      <OperatorFigures operators={figures.operators} period={period} />
      <p className="small text-body-secondary">{t('figures.explained')}</p>
    </>
  );
}
