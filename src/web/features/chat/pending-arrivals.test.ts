import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { arrivedPending } from './pending-arrivals';
import type { PendingMessage } from './use-send-queue';

const ME = 1;
const PARTNER = 2;
const message = (id: number, text: string, sender = ME): ChatMessage => ({
  id,
  conversation_id: 9,
  sender_id: sender,
  kind: 'text',
  text,
  gift_id: null,
  photo: null,
  sent_at: '2026-11-26T20:00:00.000Z',
  read: false,
});
const sending = (clientKey: string, text: string, newestKnownId = 10): PendingMessage => ({
  clientKey,
  draft: { kind: 'text', text },
  status: 'sending',
  newestKnownId,
});
const isMine = (one: ChatMessage) => one.sender_id === ME;

describe('a pending bubble whose message already arrived', () => {
  it('is the one whose echo came before the send answered', () => {
    const history = [message(10, 'Hi'), message(11, 'Are you there?')];
    expect(arrivedPending([sending('a', 'Are you there?')], history, isMine)).toEqual(
      new Set(['a']),
    );
  });

  it('is not matched by an older message with the same text, nor by the partner’s', () => {
    const history = [message(10, 'Hi'), message(11, 'Hi', PARTNER)];
    expect(arrivedPending([sending('a', 'Hi')], history, isMine)).toEqual(new Set());
  });

  it('counts each arrived message once: two sends of one text, one echo so far', () => {
    const history = [message(11, 'ok')];
    const pending = [sending('a', 'ok'), sending('b', 'ok')];
    expect(arrivedPending(pending, history, isMine)).toEqual(new Set(['a']));
  });

  it('leaves a failed bubble alone: it offers Retry until the member acts', () => {
    const failed: PendingMessage = { ...sending('a', 'Hi'), status: 'failed' };
    expect(arrivedPending([failed], [message(11, 'Hi')], isMine)).toEqual(new Set());
  });
});
