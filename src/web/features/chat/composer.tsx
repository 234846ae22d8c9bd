import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { ChatTerms } from '@contract/chat';
import { useUser } from '@web/api/user-api';
import { ChatIcon } from './chat-icons';
import { ConfirmEmailNotice, mustConfirmBeforeSending } from './confirm-email-notice';
import { CostLine } from './cost-line';
import { OutOfCredits } from './out-of-credits';

interface ComposerProps {
  terms: ChatTerms;
  /** The text being written, kept by the conversation (a refused message comes back here). */
  text: string;
  onTextChange: (text: string) => void;
  /** Whether the conversation has a first message (free members spend a conversation on it). */
  started: boolean;
  onSendText: (text: string) => void;
  onPhoto: (file: File) => void;
  onGift: () => void;
  onTyping: () => void;
}

/**
 * Writing a message: the cost shown before sending, a live character count against the
 * site's message_length (spec §3), Enter to send (Shift+Enter for a new line), and the
 * photo and gift buttons. A member who must first confirm their address gets that notice
 * instead (confirm-email-notice.tsx).
 */
export function Composer({
  terms,
  text,
  onTextChange,
  started,
  onSendText,
  onPhoto,
  onGift,
  onTyping,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const id = useId();
  const { user } = useUser();
  const length = text.trim().length;
  const tooLong = length > terms.message_length;
  const canSend = length > 0 && !tooLong;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSendText(text.trim());
    onTextChange('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen twice must fire change again.
    event.target.value = '';
    if (file) onPhoto(file);
  }

  // Before the member types: a message of theirs would be refused (activation_required).
  if (user && mustConfirmBeforeSending(user)) return <ConfirmEmailNotice />;

  return (
    <form className="chat-composer bg-body border-top" onSubmit={send}>
      <div className="chat-column px-2 px-sm-3 pt-2 pb-2">
        <CostLine terms={terms} started={started} />
        <OutOfCredits terms={terms} />
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('composer.label')}
        </label>
        <textarea
          id={`${id}-text`}
          className={`form-control chat-input${tooLong ? ' is-invalid' : ''}`}
          rows={2}
          placeholder={t('composer.placeholder')}
          value={text}
          aria-describedby={`${id}-count chat-cost`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            onTextChange(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <div className="d-flex align-items-center gap-2 mt-2">
          <label
            className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1 mb-0"
            htmlFor={`${id}-photo`}
            title={t('composer.photoCost', { count: terms.costs.photo })}
          >
            <ChatIcon name="image" size={16} />
            {t('composer.photo')}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            className="visually-hidden"
            onChange={onFile}
          />
          <button
            type="button"
            className="btn btn-outline-pink btn-sm d-inline-flex align-items-center gap-1"
            onClick={onGift}
          >
            <ChatIcon name="gift" size={16} />
            {t('composer.gift')}
          </button>
          <span
            id={`${id}-count`}
            className={`small ms-auto ${tooLong ? 'text-danger fw-semibold' : 'text-body-secondary'}`}
          >
            <span className="visually-hidden">{t('composer.countLabel')} </span>
            {length}/{terms.message_length}
          </span>
          <button
            type="submit"
            className="btn btn-primary btn-sm d-inline-flex align-items-center gap-1"
            aria-disabled={!canSend || undefined}
          >
            <ChatIcon name="send" size={16} />
            {/* Phones show the icon alone, so the row fits 320 px in every language. */}
            <span className="d-none d-sm-inline">{t('composer.send')}</span>
            <span className="visually-hidden d-sm-none">{t('composer.send')}</span>
          </button>
        </div>
        {tooLong && (
          <p className="small text-danger mb-0 mt-1" role="alert">
            {t('composer.tooLong', { count: terms.message_length })}
          </p>
        )}
      </div>
    </form>
  );
}
