import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { accountApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from './api-error-text';

// spec §4: not shown on the signup, settings or notifications routes.
const HIDDEN_ON = [pathFor('signup'), pathFor('settings'), pathFor('notifications')];
const isSmartphone = () => window.matchMedia?.('(max-width: 575.98px)').matches ?? false;

/**
 * spec §4 "Activation reminder": for a logged-in member whose status is not_confirmed, whose
 * profile is disabled and whose notifications are not disabled. After signup completion
 * (?api_signup_complete) on a smartphone it is a modal, elsewhere an alert.
 */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const [modalDismissed, setModalDismissed] = useState(false);
  const resend = useMutation({
    mutationFn: () => callApi(accountApi.resendActivationMail, { body: {} }),
  });
  const applies =
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0 &&
    !HIDDEN_ON.includes(location.pathname);
  if (!applies) return null;

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
    <div className="alert alert-warning rounded-0 mb-0 border-0 border-bottom" role="status">
      <div className="container">
        <strong className="d-block mb-1">{t('activation.title')}</strong>
        {body}
      </div>
    </div>
  );
}
