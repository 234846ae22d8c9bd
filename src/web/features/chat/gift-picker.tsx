import { useId } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';
import { GIFT_IDS, type GiftId } from '@contract/chat';
import { GiftImage } from './gift-image';

/** The gift catalogue (issue 9 §3): each gift with its icon, name and cost. */
export function GiftPicker({
  show,
  cost,
  partnerName,
  onPick,
  onClose,
}: {
  show: boolean;
  cost: number;
  partnerName: string;
  onPick: (gift: GiftId) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('gift.title', { name: partnerName })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ul className="row row-cols-2 row-cols-sm-3 g-2 list-unstyled mb-0">
          {GIFT_IDS.map((gift) => (
            <li key={gift} className="col">
              <button
                type="button"
                className="gift-option btn btn-light w-100 h-100 d-flex flex-column align-items-center gap-1 py-3"
                onClick={() => onPick(gift)}
              >
                <GiftImage id={gift} size={56} />
                <span className="fw-semibold">{t(`gifts.${gift}`)}</span>
                <span className="small text-body-secondary">
                  {t('terms.creditsCost', { count: cost })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
