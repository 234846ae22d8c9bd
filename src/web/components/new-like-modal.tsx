import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { pathFor } from '@contract/routes';
import { FictionalBadge } from './fictional-badge';
import { Icon } from './icons';
import { queryKeys } from '@web/api/query-keys';

// spec §4 "Auto-like: a new-like modal shows a profile; the likes are reloaded 500 ms after".
const RELOAD_LIKES_AFTER_MS = 500;

/**
 * "{{name}} likes you" (spec §4 auto-like, the ?t= like popup). Honest by design: it only
 * ever shows a fictional profile, and always says so, with the site's fictional_warning.
 */
export function NewLikeModal({
  profile,
  onClose,
}: {
  profile: DiscoveryCard;
  onClose: () => void;
}) {
  const { t } = useTranslation(['auto-like', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all }),
      RELOAD_LIKES_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [profile.id, queryClient]);

  const viewProfile = () => {
    onClose();
    void navigate(pathFor('members-id', { id: profile.id }));
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="new-like-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="new-like-title" className="d-flex align-items-center gap-2">
          <span className="text-pink">
            <Icon name="heart" />
          </span>
          {t('title', { name: profile.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        {profile.main_image ? (
          <img
            className="rounded-circle object-fit-cover mb-3 shadow-sm"
            src={profile.main_image.match}
            alt={t('profileCard.photoOf', { name: profile.name })}
            width={144}
            height={144}
          />
        ) : (
          <div
            className="rounded-circle bg-body-secondary text-body-secondary d-inline-flex align-items-center justify-content-center mb-3"
            style={{ width: 144, height: 144 }}
            role="img"
            aria-label={t('profileCard.noPhoto')}
          >
            <Icon name="person" size={56} />
          </div>
        )}
        <p className="fs-5 fw-semibold mb-2">
          {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
        </p>
        {/* Always: an auto-like comes only from a fictional profile, and says so. */}
        <FictionalBadge withWarning />
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('close')}
        </button>
        <button type="button" className="btn btn-pink" onClick={viewProfile}>
          {t('viewProfile')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
