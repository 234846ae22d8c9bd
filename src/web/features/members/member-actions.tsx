import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '@web/i18n/use-translation';
import type { MemberProfile } from '@contract/profiles';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { Icon } from '@web/components/icons';
import { MenuDropdown } from '@web/components/menu-dropdown';
import { ReportDialog } from '@web/components/report-dialog';
import { useToggleBlock } from './member-api';

/**
 * Report and Block, out of the way in an overflow menu beside Like and Message (issue 25
 * item 8), with a toggle that names the member. Blocking hides the member at once, so it
 * asks first and names who is blocked (issue 7 §5.6); the page then says so, with Unblock
 * beside it (`BlockedNotice`). Unblocking needs no question.
 */
export function MemberActions({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { t: tChat } = useTranslation('chat');
  const toggleBlock = useToggleBlock(profile.id);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const toggleRef = useRef<HTMLDivElement>(null);
  const name = profile.name;
  // Focus goes back to the menu's toggle after a dialog: the item that opened it is gone.
  const focusToggle = () => toggleRef.current?.querySelector('button')?.focus();

  function blockOrUnblock() {
    if (toggleBlock.isPending) return;
    if (profile.blocked_by_viewer) return toggleBlock.mutate(false);
    toggleBlock.reset();
    setConfirming(true);
  }

  return (
    <>
      <div ref={toggleRef}>
        <MenuDropdown
          toggle={<Icon name="three-dots" size={20} />}
          toggleLabel={t('member.moreActions', { name })}
          toggleClassName="btn-outline-secondary-subtle btn-icon no-caret"
          align="end"
        >
          <button type="button" className="dropdown-item" onClick={() => setReporting(true)}>
            {tChat('report.member', { name })}
          </button>
          <button type="button" className="dropdown-item text-danger" onClick={blockOrUnblock}>
            {profile.blocked_by_viewer ? t('member.unblock') : t('member.blockConfirm', { name })}
          </button>
        </MenuDropdown>
      </div>

      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        onExited={focusToggle}
        restoreFocus={false}
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
          <Button
            variant="danger"
            onClick={() => toggleBlock.mutate(true, { onSuccess: () => setConfirming(false) })}
            disabled={toggleBlock.isPending}
          >
            {t('member.blockConfirm', { name })}
          </Button>
        </Modal.Footer>
      </Modal>

      <ReportDialog
        target={reporting ? { member: profile.id, name } : null}
        onClose={() => {
          setReporting(false);
          focusToggle();
        }}
      />
    </>
  );
}

/**
 * The page of a member the viewer blocked says so, with the way back beside it. Always
 * present, so screen readers announce it when a block makes it appear.
 */
export function BlockedNotice({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const toggleBlock = useToggleBlock(profile.id);
  return (
    <div role="status">
      {profile.blocked_by_viewer && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 py-2 mb-3">
          <span className="me-auto">{t('member.blocked', { name: profile.name })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-disabled={toggleBlock.isPending || undefined}
            onClick={() => !toggleBlock.isPending && toggleBlock.mutate(false)}
          >
            {t('member.unblock')}
          </button>
        </div>
      )}
      {toggleBlock.error && (
        <FormAlert variant="danger">{apiErrorText(t, toggleBlock.error)}</FormAlert>
      )}
    </div>
  );
}
