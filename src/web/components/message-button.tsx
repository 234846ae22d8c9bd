import { useTranslation } from '@web/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { ProfileCard } from '@contract/members';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { Icon } from './icons';
import { openSignupModal } from './signup-modal-store';

interface MessageButtonProps {
  profile: Pick<ProfileCard, 'id' | 'name'>;
  size?: 'sm' | 'lg';
  /** Stretches the button over its container (cards). */
  block?: boolean;
}

/**
 * Opens the conversation with a member (spec §2 members-id-chat: the existing one, or a new
 * one on the first message). spec §6: a login is needed to chat, so visitors get the signup
 * modal, from which their first message can go to this member.
 */
export function MessageButton({ profile, size, block = false }: MessageButtonProps) {
  const { t } = useTranslation();
  const { user } = useUser();
  const navigate = useNavigate();
  const sizeClass = size ? ` btn-${size}` : '';
  return (
    <button
      type="button"
      className={`btn btn-primary${sizeClass}${block ? ' w-100' : ''} d-inline-flex align-items-center justify-content-center gap-1`}
      aria-label={t('messageButton.messageName', { name: profile.name })}
      onClick={() => {
        if (!user) return openSignupModal(profile.id);
        void navigate(pathFor('members-id-chat', { id: profile.id }));
      }}
    >
      <Icon name="chat" size={size === 'sm' ? 14 : 18} />
      <span>{t('messageButton.message')}</span>
    </button>
  );
}
