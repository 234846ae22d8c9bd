import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ChatPartner } from '@contract/chat';
import { isDeletedPartner } from '@contract/chat-partner';
import { pathFor } from '@contract/routes';
import { FictionalBadge } from '@web/components/fictional-badge';
import { Icon } from '@web/components/icons';
import { ChatIcon } from './chat-icons';

/** Back to the list: the header's first control, whoever the partner is. */
function BackLink() {
  const { t } = useTranslation('chat');
  return (
    <Link
      to={pathFor('chats')}
      className="btn btn-link text-body p-1 flex-shrink-0"
      aria-label={t('backToList')}
    >
      <Icon name="back" size={22} />
    </Link>
  );
}

/**
 * A partner who deleted their account (issue 31 item 7): "a deleted member", with no photo,
 * name, age, profile link or report (there is nobody left to report).
 */
function DeletedPartnerHeader() {
  const { t } = useTranslation('chat');
  return (
    <header className="chat-header bg-body border-bottom">
      <div className="chat-column d-flex align-items-center gap-2 px-2 py-2">
        <BackLink />
        <span className="chat-avatar chat-avatar-sm rounded-circle flex-shrink-0 d-inline-flex align-items-center justify-content-center bg-body-secondary text-body-secondary">
          <Icon name="person" size={22} />
        </span>
        <h1 className="h6 mb-0 text-truncate flex-grow-1">{t('deletedPartner.name')}</h1>
      </div>
    </header>
  );
}

/**
 * The partner at the top of a conversation: photo, name and age linking to their page, and
 * for a fictional profile the label and the site's fictional_warning (issue 9 §5, spec §1).
 */
export function ConversationHeader({
  partner,
  typing,
  onReport,
}: {
  partner: ChatPartner;
  typing: boolean;
  onReport: () => void;
}) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  if (isDeletedPartner(partner)) return <DeletedPartnerHeader />;
  return (
    <header className="chat-header bg-body border-bottom">
      <div className="chat-column d-flex align-items-center gap-2 px-2 py-2">
        <BackLink />
        <Link
          to={pathFor('members-id', { id: partner.id })}
          className="d-flex align-items-center gap-2 text-reset text-decoration-none min-w-0 flex-grow-1"
        >
          {partner.main_image ? (
            <img
              className="chat-avatar chat-avatar-sm rounded-circle flex-shrink-0"
              src={partner.main_image.match}
              alt=""
              width={44}
              height={44}
            />
          ) : (
            <span className="chat-avatar chat-avatar-sm rounded-circle flex-shrink-0 d-inline-flex align-items-center justify-content-center bg-body-secondary text-body-secondary">
              <Icon name="person" size={22} />
            </span>
          )}
          <span className="d-flex flex-column min-w-0">
            <h1 className="h6 mb-0 text-truncate">
              {tCommon('profileCard.nameAge', { name: partner.name, age: partner.age })}
            </h1>
            <span className="small text-body-secondary text-truncate" aria-live="polite">
              {typing ? t('typing', { name: partner.name }) : t('viewProfile')}
            </span>
          </span>
        </Link>
        <button
          type="button"
          className="btn btn-link text-body-secondary p-1 flex-shrink-0"
          aria-label={t('report.member', { name: partner.name })}
          title={t('report.member', { name: partner.name })}
          onClick={onReport}
        >
          <ChatIcon name="flag" size={20} />
        </button>
      </div>
      {partner.fictional && (
        <div className="chat-column px-3 pb-2">
          <FictionalBadge withWarning />
        </div>
      )}
    </header>
  );
}
