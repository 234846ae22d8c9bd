import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { staffApi } from './admin-api';

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** /admin/audit: the audit log, newest first, filtered by action (owners only). */
export function AuditPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin.audit.title'));
  const [action, setAction] = useState('');
  const [before, setBefore] = useState<number | undefined>();
  const filters = { action: action || undefined, before };
  const audit = useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: () => callApi(staffApi.audit, { query: filters }),
  });
  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAction(String(new FormData(event.currentTarget).get('action') ?? '').trim());
    setBefore(undefined);
  }
  return (
    <section className="p-3">
      <h1 className="h5">{t('admin.audit.title')}</h1>
      <form className="d-flex gap-2 mb-2" onSubmit={filter} role="search">
        <label htmlFor="audit-action" className="visually-hidden">
          {t('admin.audit.action')}
        </label>
        <input
          id="audit-action"
          name="action"
          className="form-control form-control-sm"
          style={{ maxWidth: '16rem' }}
          placeholder={t('admin.audit.actionPlaceholder')}
          defaultValue={action}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary">
          {t('admin.audit.filter')}
        </button>
      </form>
      <table className="table table-sm table-striped small bg-body">
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.when')}</th>
            <th scope="col">{t('admin.audit.who')}</th>
            <th scope="col">{t('admin.audit.action')}</th>
            <th scope="col">{t('admin.audit.subject')}</th>
            <th scope="col">{t('admin.audit.before')}</th>
            <th scope="col">{t('admin.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {audit.data?.entries.map((entry) => (
            <tr key={entry.id}>
              <td className="text-nowrap">{new Date(entry.created_at).toLocaleString()}</td>
              <td>{entry.staff_name ?? t('admin.audit.commandLine')}</td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>{entry.subject}</td>
              <td className="text-break">
                <code>{json(entry.before)}</code>
              </td>
              <td className="text-break">
                <code>{json(entry.after)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {audit.data?.next_before && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setBefore(audit.data.next_before ?? undefined)}
        >
          {t('admin.audit.older')}
        </button>
      )}
    </section>
  );
}
