import { useMutation } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { pathFor } from '@contract/routes';
import { useTranslation } from '@web/i18n/use-translation';
import { apiErrorOf } from '@web/api/api-error';
import { csrfToken } from '@web/api/api-client';
import { dataExportApi } from './data-export-api';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { PageSpinner } from '@web/components/page-spinner';
import { useDocumentTitle } from '@web/components/use-document-title';

/**
 * Fetches the ZIP (the token in the POST body, never in a URL a log keeps) and hands it to
 * the browser as a download. Not callApi: the answer is a file, not JSON.
 */
async function downloadExport(id: number, token: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const csrf = csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  const response = await fetch(dataExportApi.downloadExport.path, {
    method: dataExportApi.downloadExport.method,
    headers,
    body: JSON.stringify({ id, token }),
    credentials: 'same-origin',
  });
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => ({})));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `data-export-${id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /export/{id}?token=…: the mailed link of a data export (issue 31 item 8). */
export function DataExportPage() {
  const { t } = useTranslation(['data-export', 'common']);
  const { id } = useParams();
  const [params] = useSearchParams();
  const { user, isLoading } = useUser();
  const download = useMutation({
    mutationFn: () => downloadExport(Number(id), params.get('token') ?? ''),
  });
  useDocumentTitle(t('page.title'));
  if (isLoading) return <PageSpinner />;

  return (
    <section className="container py-5" style={{ maxWidth: '36rem' }}>
      <h1 className="h2 mb-3">{t('page.title')}</h1>
      {!user ? (
        <>
          <p>{t('page.loginFirst')}</p>
          <Link className="btn btn-primary" to={pathFor('login')}>
            {t('page.login')}
          </Link>
        </>
      ) : (
        <>
          <FormAlert variant="success">{download.isSuccess && t('page.done')}</FormAlert>
          <FormAlert variant="danger">{apiErrorText(t, download.error)}</FormAlert>
          {!download.isSuccess && !download.isError && (
            <>
              <p>{t('page.intro')}</p>
              <button
                type="button"
                className="btn btn-primary mb-3"
                disabled={download.isPending}
                onClick={() => download.mutate()}
              >
                {download.isPending ? t('page.downloading') : t('page.download')}
              </button>
            </>
          )}
          <p className="mb-0">
            <Link to={pathFor('settings')}>{t('page.toSettings')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
