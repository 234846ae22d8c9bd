import { useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { useLocation, useSearchParams } from 'react-router';
import { useUser } from '@web/api/user-api';
import { ResendActivationMail } from './resend-activation-mail';
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
  if (!activationReminderApplies(user, location.pathname)) return null;

  const body = (
    <>
      <p className="mb-2">{t('activation.text')}</p>
      <ResendActivationMail buttonClass="btn-outline-secondary" />
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
