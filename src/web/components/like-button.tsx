import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ProfileCard } from '@contract/members';
import { pathFor } from '@contract/routes';
import { likesQuery, useToggleLike } from '@web/api/likes-query';
import { useUser } from '@web/api/user-api';
import { apiErrorText } from './api-error-text';
import { FictionalBadge } from './fictional-badge';
import { Icon } from './icons';
import { openSignupModal } from './signup-modal-store';

type LikedProfile = Pick<ProfileCard, 'id' | 'name'> &
  Partial<Pick<ProfileCard, 'main_image' | 'fictional'>>;

interface LikeButtonProps {
  profile: LikedProfile;
  /** The like state the list or page knows; else it is read from the likes summary. */
  liked?: boolean | undefined;
  size?: 'sm' | 'lg';
  /** Stretches the button over its container (cards). */
  block?: boolean;
  /**
   * Only the heart, beside a card's primary action (issue 25 item 8); its name still says
   * whom it likes, and its pressed state whether it does.
   */
  iconOnly?: boolean;
}

/**
 * Like and Unlike (spec §6: liking needs a login, so a visitor gets the signup modal). A like
 * that makes a match (both like each other) opens the "It's a match!" dialog, whose first
 * way on is a message to the new match (issue 23 item 16).
 */
export function LikeButton({
  profile,
  liked,
  size,
  block = false,
  iconOnly = false,
}: LikeButtonProps) {
  const { t } = useTranslation();
  const { user } = useUser();
  const { data: likes } = useQuery({ ...likesQuery, enabled: Boolean(user) });
  const toggle = useToggleLike();
  // The answer of the last toggle wins until the lists it invalidated have reloaded.
  const [answered, setAnswered] = useState<{ for?: boolean; liked: boolean }>();
  const [matched, setMatched] = useState(false);
  // The heart's beat (styles/_motion.scss) on the member's own like, not on hearts that were
  // already on when the page opened.
  const [popped, setPopped] = useState(false);
  const titleId = useId();

  const known = liked ?? likes?.profiles.some((entry) => entry.id === profile.id) ?? false;
  const isLiked = answered && answered.for === liked ? answered.liked : known;

  function onClick() {
    if (!user) return openSignupModal(profile.id);
    if (toggle.isPending) return;
    setPopped(!isLiked);
    toggle.mutate(
      { profile: profile.id, like: !isLiked },
      {
        onSuccess: (answer) => {
          setAnswered({ for: liked, liked: answer.liked });
          if (answer.match) setMatched(true);
        },
      },
    );
  }

  const error = apiErrorText(t, toggle.error);
  const sizeClass = size ? ` btn-${size}` : '';
  return (
    <>
      <button
        type="button"
        className={`btn ${isLiked ? 'btn-pink' : 'btn-outline-pink'}${sizeClass}${block ? ' w-100' : ''}${iconOnly ? ' btn-icon' : ''}${popped && isLiked ? ' like-pop' : ''} d-inline-flex align-items-center justify-content-center gap-1`}
        aria-label={t(isLiked ? 'like.unlikeName' : 'like.likeName', { name: profile.name })}
        aria-pressed={isLiked}
        aria-disabled={toggle.isPending || undefined}
        onClick={onClick}
      >
        <Icon
          name={isLiked ? 'heart-fill' : 'heart'}
          size={iconOnly ? 18 : size === 'sm' ? 14 : 18}
        />
        {!iconOnly && <span>{t(isLiked ? 'like.unlike' : 'like.like')}</span>}
      </button>
      {error && (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {error}
        </p>
      )}
      <Modal show={matched} onHide={() => setMatched(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h4 text-pink">
            {t('like.matchTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          <div className="match-photos d-flex justify-content-center align-items-center gap-2 mb-3">
            <MatchPhoto src={user?.profile.main_image?.match} />
            <span className="text-pink">
              <Icon name="heart-fill" size={28} />
            </span>
            <MatchPhoto src={profile.main_image?.match} />
          </div>
          <p className="fs-5 mb-0">
            {t('like.matchText', { me: user?.profile.name ?? '', name: profile.name })}
          </p>
          {/* spec §1: a fictional match says so here too. */}
          {profile.fictional && (
            <div className="mt-3">
              <FictionalBadge withWarning />
            </div>
          )}
        </Modal.Body>
        {/* Stacked, the message first: the three fit any width and language. */}
        <Modal.Footer className="flex-column align-items-stretch">
          <Link
            to={pathFor('members-id-chat', { id: profile.id })}
            className="btn btn-pink d-inline-flex align-items-center justify-content-center gap-1"
            onClick={() => setMatched(false)}
          >
            <Icon name="chat" size={18} />
            {t('like.sendMessage')}
          </Link>
          <Link
            to={pathFor('members-id', { id: profile.id })}
            className="btn btn-outline-pink"
            onClick={() => setMatched(false)}
          >
            {t('like.viewProfile', { name: profile.name })}
          </Link>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setMatched(false)}
          >
            {t('like.keepBrowsing')}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

function MatchPhoto({ src }: { src: string | undefined }) {
  return src ? (
    <img className="match-photo rounded-circle" src={src} alt="" width={96} height={96} />
  ) : (
    <span className="match-photo rounded-circle d-inline-flex align-items-center justify-content-center bg-body-secondary text-body-secondary">
      <Icon name="person" size={40} />
    </span>
  );
}
