import { useTranslation } from '@web/i18n/use-translation';
import type { ChatMessage } from '@contract/chat';
import { apiErrorText } from '@web/components/api-error-text';
import { ChatIcon } from './chat-icons';
import { GiftImage } from './gift-image';
import { IncomingPhoto, chatPhotoUrl } from './incoming-photo';
import { MessageMenu } from './message-menu';
import { clockTime } from './relative-time';
import type { PendingMessage } from './use-send-queue';

function Body({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation('chat');
  if (message.kind === 'gift' && message.gift_id) {
    return (
      <div className="d-flex align-items-center gap-2">
        <GiftImage id={message.gift_id} />
        <span className="fw-semibold">
          {t(mine ? 'gift.sentYou' : 'gift.sentThem', { gift: t(`gifts.${message.gift_id}`) })}
        </span>
      </div>
    );
  }
  if (message.kind === 'photo') {
    if (!mine) return <IncomingPhoto message={message} />;
    // The bubble shows the photo cropped to its box; the link opens it whole.
    return (
      <a href={chatPhotoUrl(message)} target="_blank" rel="noreferrer" className="d-block">
        <img
          className="chat-photo rounded-3"
          src={chatPhotoUrl(message)}
          alt={t('photo.yours')}
          loading="lazy"
        />
      </a>
    );
  }
  return <p className="chat-text mb-0">{message.text}</p>;
}

/** One message: the member's own on the inline end with read ticks, the partner's on the start. */
export function MessageBubble({
  message,
  mine,
  partnerName,
  onReport,
}: {
  message: ChatMessage;
  mine: boolean;
  partnerName: string;
  /** Absent when there is nobody to report (a deleted partner, issue 31 item 7). */
  onReport: ((message: ChatMessage) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('chat');
  return (
    <li className={`chat-message ${mine ? 'is-mine' : 'is-theirs'}`}>
      <div className={`chat-bubble chat-bubble-${message.kind}`}>
        <Body message={message} mine={mine} />
      </div>
      <div className="chat-meta small text-body-secondary d-flex align-items-center gap-1">
        <time dateTime={message.sent_at}>{clockTime(message.sent_at, i18n.language)}</time>
        {mine && (
          <span
            className={message.read ? 'text-primary' : undefined}
            title={t(message.read ? 'status.read' : 'status.sent')}
          >
            <ChatIcon name={message.read ? 'check-double' : 'check'} size={16} />
            <span className="visually-hidden">
              {t(message.read ? 'status.read' : 'status.sent')}
            </span>
          </span>
        )}
        {!mine && onReport && (
          <MessageMenu partnerName={partnerName} onReport={() => onReport(message)} />
        )}
      </div>
    </li>
  );
}

/** A message on its way, with Retry and Discard once it failed. */
export function PendingBubble({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { draft, status } = pending;
  return (
    <li className={`chat-message is-mine is-pending${status === 'failed' ? ' is-failed' : ''}`}>
      <div className={`chat-bubble chat-bubble-${draft.kind}`}>
        {draft.kind === 'text' && <p className="chat-text mb-0">{draft.text}</p>}
        {draft.kind === 'gift' && (
          <div className="d-flex align-items-center gap-2">
            <GiftImage id={draft.giftId} />
            <span className="fw-semibold">
              {t('gift.sentYou', { gift: t(`gifts.${draft.giftId}`) })}
            </span>
          </div>
        )}
        {draft.kind === 'photo' && (
          <img className="chat-photo rounded-3" src={draft.previewUrl} alt={t('photo.yours')} />
        )}
      </div>
      {status === 'sending' ? (
        <div className="chat-meta small text-body-secondary d-flex align-items-center gap-1">
          <ChatIcon name="clock" size={14} />
          {t('status.sending')}
        </div>
      ) : (
        <div className="chat-meta small d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="text-danger">
            {t('status.failed')} {apiErrorText(tCommon, pending.error)}
          </span>
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onRetry}>
            {t('status.retry')}
          </button>
          <button
            type="button"
            className="btn btn-link btn-sm p-0 text-body-secondary"
            onClick={onDiscard}
          >
            {t('status.discard')}
          </button>
        </div>
      )}
    </li>
  );
}
