import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { PageSpinner } from '@web/components/page-spinner';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { SiteCompanyForm } from './site-company-form';
import { SiteDomainsForm } from './site-domains-form';
import { SiteSettingsForm } from './site-settings-form';

/** /admin/sites/:id: one site's domains, company and settings (issue 30 item 6). */
export function SiteEditPage() {
  const { t } = useTranslation(['admin-sites', 'common']);
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: adminKeys.site(id),
    queryFn: () => callApi(sitesAdminApi.detail, { query: { site: id } }),
    // An edit elsewhere must not be overwritten by a form filled from an old read.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  useDocumentTitle(
    detail.data ? t('sites.edit.title', { name: detail.data.site.name }) : t('sites.title'),
  );
  if (detail.isLoading) return <PageSpinner />;
  if (!detail.data)
    return (
      <p className="p-3 text-danger">{apiErrorText(t, detail.error) ?? t('sites.edit.missing')}</p>
    );
  const { site } = detail.data;
  return (
    <section className="p-3 admin-site-edit">
      <nav className="small mb-1" aria-label={t('sites.edit.breadcrumb')}>
        <Link to="/admin/sites">{t('sites.title')}</Link> ›{' '}
        <Link to={`/admin/figures?site=${site.id}`}>{t('sites.list.figures')}</Link>
      </nav>
      <h1 className="h5">{t('sites.edit.title', { name: site.name })}</h1>
      <div className="admin-site-top">
        {/* Keyed by the site only: a refetch after a save must not reset the form's state. */}
        <SiteDomainsForm key={`domains-${site.id}`} site={site} />
        <SiteCompanyForm key={`company-${site.id}`} detail={detail.data} />
      </div>
      <SiteSettingsForm key={`settings-${site.id}`} site={site} />
    </section>
  );
}
