import { useEffect, useRef } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '@contract/routes';
import { useEndpointMutation } from '@web/api/user-mutations';
import { apiErrorText } from '@web/components/api-error-text';
import { PageSpinner } from '@web/components/page-spinner';
import { useDocumentTitle } from '@web/components/use-document-title';
import { FormAlert } from '@web/components/form-alert';
import { accountApi } from '@web/api/endpoints';

/** /mail-change/do?token=…: confirms the new e-mail address from the mailed link. */
export function MailChangeDoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const confirm = useEndpointMutation(accountApi.confirmMailChange);
  const token = params.get('token') ?? '';
  const { mutate } = confirm;
  // The link works once: never send it twice, even when React runs effects twice in dev.
  const sent = useRef(false);
  useDocumentTitle(t('mailChange.title'));
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  return (
    <section className="container py-5 text-center" style={{ maxWidth: '36rem' }}>
      <h1 className="h2 mb-3">{t('mailChange.title')}</h1>
      {confirm.isPending && <PageSpinner />}
      <FormAlert variant="success">{confirm.isSuccess && t('mailChange.done')}</FormAlert>
      {confirm.isError && (
        <div className="alert alert-danger" role="alert">
          {apiErrorText(t, confirm.error) ?? t('errors.link_invalid')}
        </div>
      )}
      <Link to={pathFor('settings')}>{t('mailChange.toSettings')}</Link>
    </section>
  );
}
