import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { useLocation, useSearchParams } from 'react-router';
import { accountApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from './api-error-text';
import { activationReminderApplies, phoneHiddenClass } from './site-banner-rules';

const isSmartphone = () => window.matchMedia?.('(max-width: 575.98px)').matches ?? false;

/**
 * spec §4 "Activation reminder" (when: site-banner-rules.ts). After signup completion
 * (?api_signup_complete) on a smartphone it is a modal, elsewhere an alert; `hiddenOnPhone`
 * when another banner leads (site-banners.tsx).
 */
export function ActivationReminder({ hiddenOnPhone = false }: { hiddenOnPhone?: boolean }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const [modalDismissed, setModalDismissed] = useState(false);
  const resend = useMutation({
    mutationFn: () => callApi(accountApi.resendActivationMail, { body: {} }),
  });
  if (!activationReminderApplies(user, location.pathname)) return null;

  const body = (
    <>
      <p className="mb-2">{t('activation.text')}</p>
      {resend.isSuccess ? (
        <p className="mb-0 fw-semibold" role="status">
          {t('activation.sent')}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {t('activation.resend')}
        </button>
      )}
      {resend.isError && <p className="mb-0 mt-2 text-danger">{apiErrorText(t, resend.error)}</p>}
    </>
  );

  if (params.has('api_signup_complete') && isSmartphone() && !modalDismissed) {
    return (
      <Modal
        show
        centered
        onHide={() => setModalDismissed(true)}
        aria-labelledby="activation-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="activation-title">{t('activation.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
      </Modal>
    );
  }
  return (
    <div
      className={`alert alert-warning rounded-0 mb-0 border-0 border-bottom${phoneHiddenClass(hiddenOnPhone)}`}
      role="status"
    >
      <div className="container">
        <strong className="d-block mb-1">{t('activation.title')}</strong>
        {body}
      </div>
    </div>
  );
}
