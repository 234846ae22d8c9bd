import { useState } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';
import { useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { closeSignupModal, useSignupModal } from '@web/components/signup-modal-store';
import { SignupForm } from '@web/components/signup-form';

/**
 * spec §2 "Signup modal": opens anywhere; cannot be closed by backdrop or Escape while the
 * signup is in progress; closes when signup is done (signupClosed) or the visitor goes to
 * the login page instead (redirectedToLogin).
 */
export function SignupModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open, profileId, message } = useSignupModal();
  const { user } = useUser();
  const [busy, setBusy] = useState(false);

  return (
    <Modal
      show={open && !user}
      onHide={() => !busy && closeSignupModal()}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      centered
      aria-labelledby="signup-modal-title"
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="signup-modal-title">{t('signup.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SignupForm
          withMessage={Boolean(profileId)}
          messageTo={profileId}
          initialMessage={message}
          onBusyChange={setBusy}
          onSignedUp={() => {
            closeSignupModal();
            void navigate(pathFor('signup-matches'));
          }}
          onLoginInstead={() => {
            closeSignupModal();
            void navigate(pathFor('login'));
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
