import { type FormEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteDetail } from '@contract/site-admin';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';

/** The host names a site answers at, and its main one (issue 30 item 6). */
export function SiteDomainsForm({ site }: { site: SiteDetail['site'] }) {
  const { t } = useTranslation(['admin-sites', 'common']);
  const queryClient = useQueryClient();
  const [domains, setDomains] = useState(site.domains);
  const [main, setMain] = useState(site.domain);
  const [added, setAdded] = useState('');
  const save = useMutation({
    mutationFn: () =>
      callApi(sitesAdminApi.changeDomains, { body: { site: site.id, domain: main, domains } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sites }),
  });
  function add(event: FormEvent) {
    event.preventDefault();
    const name = added.trim().toLowerCase();
    if (name && !domains.includes(name)) setDomains([...domains, name]);
    setAdded('');
  }
  const fieldErrors = Object.values(fieldErrorTexts(t, save.error));
  const problem = apiErrorText(t, save.error);
  return (
    <section className="admin-card" aria-labelledby="site-domains-title">
      <h2 id="site-domains-title" className="h6">
        {t('sites.domains.title')}
      </h2>
      <table className="table table-sm mb-2">
        <thead>
          <tr>
            <th scope="col">{t('sites.domains.domain')}</th>
            <th scope="col">{t('sites.domains.main')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('sites.domains.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {domains.map((name) => (
            <tr key={name}>
              <td className="font-monospace">{name}</td>
              <td>
                <input
                  type="radio"
                  name="main-domain"
                  className="form-check-input"
                  aria-label={t('sites.domains.mainOf', { domain: name })}
                  checked={main === name}
                  onChange={() => setMain(name)}
                />
              </td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0"
                  disabled={main === name}
                  onClick={() => setDomains(domains.filter((entry) => entry !== name))}
                >
                  {t('sites.domains.removeOne', { domain: name })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="d-flex gap-2 mb-2" onSubmit={add}>
        <label htmlFor="site-domain-new" className="visually-hidden">
          {t('sites.domains.new')}
        </label>
        <input
          id="site-domain-new"
          className="form-control form-control-sm"
          placeholder={t('sites.domains.new')}
          value={added}
          onChange={(event) => setAdded(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary text-nowrap">
          {t('sites.domains.add')}
        </button>
      </form>
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('sites.domains.save')}
        </button>
        <span role="status">
          {save.isSuccess && !save.isPending && (
            <span className="text-success">{t('sites.saved')}</span>
          )}
          {(problem ?? fieldErrors[0]) && (
            <span className="text-danger">{problem ?? fieldErrors[0]}</span>
          )}
        </span>
      </div>
    </section>
  );
}
