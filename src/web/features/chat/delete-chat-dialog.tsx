import { useId } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';

/** Asks before a conversation goes: its messages leave the member's list for good. */
export function DeleteChatDialog({
  name,
  onConfirm,
  onCancel,
}: {
  /** The partner's name, or null when the dialog is closed. */
  name: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  return (
    <Modal show={name !== null} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('delete.title', { name: name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('delete.text')}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {t('delete.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
