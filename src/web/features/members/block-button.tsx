import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@contract/profiles';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useToggleBlock } from './member-api';

/**
 * Block and unblock from a member's page (spec §1: blocked members cannot view or contact).
 * Blocking hides the member at once, so it asks first, names who is blocked, and offers an
 * undo afterwards (issue 7 §5.6); unblocking needs neither.
 */
export function BlockButton({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const toggleBlock = useToggleBlock(profile.id);
  const [confirming, setConfirming] = useState(false);
  const [justBlocked, setJustBlocked] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = profile.name;

  function block() {
    toggleBlock.mutate(true, {
      onSuccess: () => {
        setConfirming(false);
        setJustBlocked(true);
      },
    });
  }

  function undo() {
    // The notice goes away with the undo: focus returns to the button it came from.
    buttonRef.current?.focus();
    toggleBlock.mutate(false, { onSuccess: () => setJustBlocked(false) });
  }

  return (
    <>
      {/* One button for both states, so focus stays on it after the dialog and the undo. */}
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-danger btn-sm"
        aria-disabled={toggleBlock.isPending || undefined}
        onClick={() => {
          if (toggleBlock.isPending) return;
          if (!profile.blocked_by_viewer) {
            toggleBlock.reset();
            return setConfirming(true);
          }
          setJustBlocked(false);
          toggleBlock.mutate(false);
        }}
      >
        {profile.blocked_by_viewer ? t('member.unblock') : t('member.block')}
      </button>

      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="block-dialog-title"
      >
        <Modal.Header closeButton closeLabel={t('member.blockCancel')}>
          <Modal.Title id="block-dialog-title" as="h2" className="h5">
            {t('member.blockConfirmTitle', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('member.blockConfirmText', { name })}</p>
          <FormAlert variant="danger">{apiErrorText(t, toggleBlock.error)}</FormAlert>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
            {t('member.blockCancel')}
          </Button>
          <Button variant="danger" onClick={block} disabled={toggleBlock.isPending}>
            {t('member.blockConfirm', { name })}
          </Button>
        </Modal.Footer>
      </Modal>

      {/* Always present, so screen readers announce the notice when it appears. */}
      <div
        role="status"
        className="toast-container position-fixed bottom-0 start-50 translate-middle-x p-3"
      >
        {justBlocked && profile.blocked_by_viewer && (
          <div className="toast show bg-white">
            <div className="d-flex align-items-center gap-2 p-2 ps-3">
              <span className="me-auto">{t('member.blocked', { name })}</span>
              <Button
                variant="link"
                size="sm"
                className="fw-semibold"
                onClick={undo}
                disabled={toggleBlock.isPending}
              >
                {t('member.undoBlock')}
              </Button>
              <button
                type="button"
                className="btn-close"
                aria-label={t('member.closeNotice')}
                onClick={() => setJustBlocked(false)}
              />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
