import { useId } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';
import type { ChatPartner } from '@contract/chat';
import { isDeletedPartner } from '@contract/chat-partner';

/** Asks before a conversation goes: its messages leave the member's list for good. */
export function DeleteChatDialog({
  partner,
  onConfirm,
  onCancel,
}: {
  /** The partner, or null when the dialog is closed. */
  partner: ChatPartner | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  return (
    <Modal show={partner !== null} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {partner && isDeletedPartner(partner)
            ? t('deletedPartner.deleteTitle')
            : t('delete.title', { name: partner?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('delete.text')}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {t('delete.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
