import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '@web/i18n/use-translation';
import type { MemberLandingProfile } from '@contract/member-landing';
import { FictionalBadge } from '@web/components/fictional-badge';
import { Icon } from '@web/components/icons';
import { MemberPhoto } from './member-photo';

/**
 * The like popup of spec §4 (?t=N) on a member landing page, for that member. Honest: it asks
 * whether the visitor likes her; it never claims she liked a visitor she has never seen. Liking
 * and writing need an account (spec §6), so its button opens the signup for her.
 */
export function LikePopup({
  profile,
  show,
  onClose,
  onAccept,
}: {
  profile: MemberLandingProfile;
  show: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation('member-landing');
  const { t: tCommon } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="like-popup-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="like-popup-title" className="d-flex align-items-center gap-2">
          <span className="text-pink">
            <Icon name="heart-fill" />
          </span>
          {t('likePopup.title', { name: profile.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <MemberPhoto profile={profile} className="like-popup-photo rounded-circle mb-3" />
        <p className="fs-5 fw-semibold mb-2">
          {tCommon('profileCard.nameAge', { name: profile.name, age: profile.age })}
        </p>
        {profile.fictional && (
          <div className="mb-2">
            <FictionalBadge withWarning />
          </div>
        )}
        <p className="mb-0">{t('likePopup.body', { name: profile.name })}</p>
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <button type="button" className="btn btn-outline-dark" onClick={onClose}>
          {t('likePopup.later')}
        </button>
        <button type="button" className="btn btn-pink" onClick={onAccept} autoFocus>
          {t('likePopup.accept', { name: profile.name })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
