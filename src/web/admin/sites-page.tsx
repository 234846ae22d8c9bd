import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { InterestsEditor } from './interests-editor';
import { useStaff } from './use-staff';

/** /admin/sites: the sites in the staff member's scope; owners add sites (issue 30 item 6). */
export function SitesPage() {
  const { t } = useTranslation(['admin-sites', 'common']);
  useDocumentTitle(t('sites.title'));
  const { staff } = useStaff();
  const sites = useQuery({ queryKey: adminKeys.sites, queryFn: () => callApi(sitesAdminApi.list) });
  return (
    <section className="p-3">
      <h1 className="h5">{t('sites.title')}</h1>
      <table className="table table-sm table-striped small bg-body">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('sites.list.name')}</th>
            <th scope="col">{t('sites.list.domain')}</th>
            <th scope="col">{t('sites.list.domains')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('sites.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sites.data?.sites.map((site) => (
            <tr key={site.id}>
              <td>{site.id}</td>
              <td>{site.name}</td>
              <td className="font-monospace">{site.domain}</td>
              <td className="font-monospace text-body-secondary">{site.domains.join(' ')}</td>
              <td className="text-end text-nowrap">
                <Link
                  to={`/admin/sites/${site.id}`}
                  aria-label={t('sites.list.editOf', { name: site.name })}
                >
                  {t('sites.list.edit')}
                </Link>
                {' · '}
                <Link
                  to={`/admin/figures?site=${site.id}`}
                  aria-label={t('sites.list.figuresOf', { name: site.name })}
                >
                  {t('sites.list.figures')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {staff?.role === 'owner' && sites.data && sites.data.sites.length > 0 && (
        <div className="admin-site-top">
          <NewSiteForm templates={sites.data.sites} />
          <InterestsEditor />
        </div>
      )}
    </section>
  );
}

function NewSiteForm({ templates }: { templates: { id: number; name: string }[] }) {
  const { t } = useTranslation(['admin-sites', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState({ domain: '', name: '', copy_from: templates[0]!.id });
  const create = useMutation({
    mutationFn: () => callApi(sitesAdminApi.create, { body: form }),
    onSuccess: async ({ site }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.sites });
      void navigate(`/admin/sites/${site.id}`);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  const fieldErrors = fieldErrorTexts(t, create.error);
  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-labelledby="new-site-title">
      <h2 id="new-site-title" className="h6">
        {t('sites.create.title')}
      </h2>
      <div className="row g-2 align-items-end">
        <div className="col-sm-4">
          <label htmlFor="new-site-domain" className="form-label small mb-0">
            {t('sites.create.domain')}
          </label>
          <input
            id="new-site-domain"
            className={`form-control form-control-sm${fieldErrors.domain ? ' is-invalid' : ''}`}
            value={form.domain}
            onChange={(event) => setForm({ ...form, domain: event.target.value })}
          />
          {fieldErrors.domain && <div className="invalid-feedback">{fieldErrors.domain}</div>}
        </div>
        <div className="col-sm-4">
          <label htmlFor="new-site-name" className="form-label small mb-0">
            {t('sites.create.name')}
          </label>
          <input
            id="new-site-name"
            className={`form-control form-control-sm${fieldErrors.name ? ' is-invalid' : ''}`}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className="col-sm-4">
          <label htmlFor="new-site-template" className="form-label small mb-0">
            {t('sites.create.copyFrom')}
          </label>
          <select
            id="new-site-template"
            className="form-select form-select-sm"
            value={form.copy_from}
            onChange={(event) => setForm({ ...form, copy_from: Number(event.target.value) })}
          >
            {templates.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="d-flex align-items-center gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
          {t('sites.create.submit')}
        </button>
        <span role="status" className="text-danger">
          {apiErrorText(t, create.error)}
        </span>
      </div>
    </form>
  );
}
