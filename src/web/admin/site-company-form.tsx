import { type FormEvent, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CompanyEdit, SiteDetail } from '@contract/site-admin';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';

const TEXT_FIELDS = ['name', 'address', 'kvk', 'city', 'country', 'support_phone'] as const;
const LIST_FIELDS = ['tradenames', 'vat_numbers'] as const;

/** The company behind a site (spec §3 "Company info"); it may run other sites too. */
export function SiteCompanyForm({ detail }: { detail: SiteDetail }) {
  const { t } = useTranslation(['admin-sites', 'common']);
  const [company, setCompany] = useState<CompanyEdit>(detail.company);
  const save = useMutation({
    mutationFn: () =>
      callApi(sitesAdminApi.changeCompany, { body: { site: detail.site.id, company } }),
  });
  const errors = fieldErrorTexts(t, save.error);
  const errorOf = (key: string) =>
    errors[`company.${key}`] ??
    Object.entries(errors).find(([path]) => path.startsWith(`company.${key}.`))?.[1];
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  const row = (key: string, input: React.ReactNode) => (
    <div key={key} className="col-md-6">
      <div className="row g-1 align-items-center">
        <label
          htmlFor={`company-${key}`}
          className="col-5 col-form-label col-form-label-sm font-monospace"
        >
          {key}
        </label>
        <div className="col-7">
          {input}
          {errorOf(key) && <div className="invalid-feedback d-block">{errorOf(key)}</div>}
        </div>
      </div>
    </div>
  );
  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-labelledby="site-company-title">
      <h2 id="site-company-title" className="h6">
        {t('sites.company.title')}
      </h2>
      {detail.company_sites > 1 && (
        <p className="small text-body-secondary mb-2">
          {t('sites.company.shared', { count: detail.company_sites })}
        </p>
      )}
      <div className="row g-2 mb-2">
        {TEXT_FIELDS.map((key) =>
          row(
            key,
            <input
              id={`company-${key}`}
              className="form-control form-control-sm"
              value={company[key]}
              onChange={(event) => setCompany({ ...company, [key]: event.target.value })}
            />,
          ),
        )}
        {LIST_FIELDS.map((key) =>
          row(
            key,
            <input
              id={`company-${key}`}
              className="form-control form-control-sm"
              value={company[key].join(', ')}
              onChange={(event) =>
                setCompany({
                  ...company,
                  [key]: event.target.value
                    .split(',')
                    .map((entry) => entry.trim())
                    .filter(Boolean),
                })
              }
            />,
          ),
        )}
        {row(
          'delete_discount',
          <input
            id="company-delete_discount"
            type="number"
            min={0}
            max={100}
            className="form-control form-control-sm"
            value={company.delete_discount}
            onChange={(event) =>
              setCompany({ ...company, delete_discount: Number(event.target.value) })
            }
          />,
        )}
      </div>
      <div className="d-flex align-items-center gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {t('sites.company.save')}
        </button>
        <span role="status">
          {save.isSuccess && !save.isPending && (
            <span className="text-success">{t('sites.saved')}</span>
          )}
          {apiErrorText(t, save.error) && (
            <span className="text-danger">{apiErrorText(t, save.error)}</span>
          )}
        </span>
      </div>
    </form>
  );
}
