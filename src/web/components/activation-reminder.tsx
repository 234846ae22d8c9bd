import { useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { useLocation, useSearchParams } from 'react-router';
import { useUser } from '@web/api/user-api';
import { ResendActivationMail } from './resend-activation-mail';
import { CompactBanner } from './compact-banner';
import { activationReminderApplies } from './site-banner-rules';

const isSmartphone = () => window.matchMedia?.('(max-width: 575.98px)').matches ?? false;

/**
 * spec §4 "Activation reminder" (when: site-banner-rules.ts). After signup completion
 * (?api_signup_complete) on a smartphone it is a modal, elsewhere the banner slot's banner
 * (site-banners.tsx): its title and the resend button, the explanation from sm up.
 */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const [modalDismissed, setModalDismissed] = useState(false);
  if (!activationReminderApplies(user, location.pathname)) return null;

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
        <Modal.Body>
          <p className="mb-2">{t('activation.text')}</p>
          <ResendActivationMail buttonClass="btn-primary" />
        </Modal.Body>
      </Modal>
    );
  }
  return (
    <CompactBanner
      tone="warning"
      line={t('activation.title')}
      detail={t('activation.text')}
      action={<ResendActivationMail buttonClass="btn-primary" />}
    />
  );
}
