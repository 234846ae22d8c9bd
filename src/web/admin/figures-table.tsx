import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { type CsvValue, downloadCsv, toCsv } from './csv';

/** One figures table with its CSV export (issue 30 item 9): the file holds the raw values. */
export function FiguresTable({
  title,
  fileName,
  header,
  rows,
  render = (value) => value,
  wide = false,
}: {
  title: string;
  fileName: string;
  header: string[];
  rows: CsvValue[][];
  render?: (value: CsvValue, column: number, row: CsvValue[]) => ReactNode;
  /** Two columns of the figures grid on a wide screen (a table of many columns). */
  wide?: boolean;
}) {
  const { t } = useTranslation('admin-sites');
  const id = `figures-${fileName}`;
  return (
    <section className={wide ? 'admin-card admin-figures-wide' : 'admin-card'} aria-labelledby={id}>
      <div className="d-flex align-items-center mb-1">
        <h2 id={id} className="h6 mb-0 flex-grow-1">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary py-0"
          aria-label={t('figures.csvOf', { table: title })}
          onClick={() => downloadCsv(`${fileName}.csv`, toCsv(header, rows))}
        >
          {t('figures.csv')}
        </button>
      </div>
      {/* A long table scrolls inside its card; focusable, so the keyboard can scroll it too. */}
      <div className="admin-figures-scroll" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="table table-sm table-striped small mb-0">
          <thead>
            <tr>
              {header.map((name, column) => (
                <th key={name} scope="col" className={column > 0 ? 'text-end' : undefined}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={header.length} className="text-body-secondary">
                  {t('figures.none')}
                </td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((value, column) => (
                  <td key={column} className={column > 0 ? 'text-end' : undefined}>
                    {render(value, column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
