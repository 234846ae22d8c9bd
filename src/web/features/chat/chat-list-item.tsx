import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ChatListEntry } from '@contract/chat';
import { isDeletedPartner } from '@contract/chat-partner';
import { pathFor } from '@contract/routes';
import { FictionalBadge } from '@web/components/fictional-badge';
import { badgeText } from '@web/components/count-badge';
import { Icon } from '@web/components/icons';
import { ChatIcon } from './chat-icons';
import { relativeTime } from './relative-time';

/** The last message as the list previews it: the text's start, or what kind it was. */
function Preview({ entry }: { entry: ChatListEntry }) {
  const { t } = useTranslation('chat');
  const last = entry.conversation.last_message;
  if (!last) return <span className="fst-italic">{t('list.noMessagesYet')}</span>;
  const body =
    last.kind === 'text'
      ? (last.text ?? '')
      : t(last.kind === 'photo' ? 'list.photo' : 'list.gift');
  return (
    <>
      {last.from_me && <span className="text-body-secondary">{t('list.you')} </span>}
      {last.kind !== 'text' && (
        <span className="me-1">
          <ChatIcon name={last.kind === 'photo' ? 'image' : 'gift'} size={14} />
        </span>
      )}
      {body}
    </>
  );
}

/**
 * spec §3 "Chat list entry": the partner's card (main photo, name, age, the fictional label),
 * or "a deleted member" with no photo for a partner who is gone (issue 31 item 7),
 * the last message, when it came and the unread count. The delete button sits outside the
 * link (a button may not be inside a link).
 */
export function ChatListItem({
  entry,
  onDelete,
}: {
  entry: ChatListEntry;
  onDelete: (entry: ChatListEntry) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { profile, conversation, num_unread_messages: unread } = entry;
  const card = isDeletedPartner(profile) ? null : profile;
  const last = conversation.last_message;
  const unreadText = badgeText(unread);
  return (
    <li className={`chat-list-item d-flex align-items-center gap-2${unread ? ' is-unread' : ''}`}>
      <Link
        to={pathFor('chats-id', { id: conversation.id })}
        className="chat-list-link d-flex align-items-center gap-3 flex-grow-1 min-w-0 text-reset text-decoration-none p-2 p-sm-3"
      >
        {card?.main_image ? (
          <img
            className="chat-avatar rounded-circle flex-shrink-0"
            src={card.main_image.match}
            alt=""
            width={56}
            height={56}
            loading="lazy"
          />
        ) : (
          <span className="chat-avatar rounded-circle flex-shrink-0 d-inline-flex align-items-center justify-content-center bg-body-secondary text-body-secondary">
            <Icon name="person" size={28} />
          </span>
        )}
        <span className="d-flex flex-column flex-grow-1 min-w-0">
          <span className="d-flex align-items-baseline gap-2">
            <span className="chat-list-name fw-semibold text-truncate">
              {card
                ? tCommon('profileCard.nameAge', { name: card.name, age: card.age })
                : t('deletedPartner.name')}
            </span>
            {last && (
              <time
                className="small text-body-secondary ms-auto flex-shrink-0"
                dateTime={last.sent_at}
              >
                {relativeTime(last.sent_at, i18n.language)}
              </time>
            )}
          </span>
          {card?.fictional && <FictionalBadge />}
          <span className="d-flex align-items-center gap-2">
            <span
              className={`chat-list-preview small text-truncate flex-grow-1${unread ? ' fw-semibold' : ' text-body-secondary'}`}
            >
              <Preview entry={entry} />
            </span>
            {unreadText && (
              <span className="badge rounded-pill text-bg-unread-messages flex-shrink-0">
                {unreadText}
                <span className="visually-hidden"> {t('list.unread', { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn btn-link text-body-secondary chat-list-delete flex-shrink-0 me-1"
        aria-label={
          card ? t('list.deleteWith', { name: card.name }) : t('deletedPartner.deleteWith')
        }
        title={t('list.delete')}
        onClick={() => onDelete(entry)}
      >
        <ChatIcon name="trash" />
      </button>
    </li>
  );
}
