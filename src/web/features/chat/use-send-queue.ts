import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GiftId, SendMessageAnswer } from '@contract/chat';
import type { LoggedInUser } from '@contract/account';
import { chatApi } from '@web/api/endpoints';
import { ApiError } from '@web/api/api-error';
import { callApi } from '@web/api/call-api';
import { reloadChats } from '@web/api/chats-query';
import type { PurchasePromptKind } from '@web/components/buy-credits-prompt';
import { updateConversations, withMessage } from './chat-api';
import { newClientKey } from './client-key';
import { sendPhoto } from './send-photo';
import { queryKeys } from '@web/api/query-keys';

export type Draft =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: GiftId }
  | { kind: 'photo'; file: File; previewUrl: string };

/** A message on its way: shown as a bubble until the server answers. */
export interface PendingMessage {
  clientKey: string;
  draft: Draft;
  status: 'sending' | 'failed';
  error?: unknown;
  /** The newest message id the conversation held when this was queued (pending-arrivals.ts). */
  newestKnownId: number;
}

/** spec §8: what a refused send asks the member to buy. Nothing was sent nor charged. */
export type PurchasePrompt = PurchasePromptKind;

/** Opens the purchase prompt and hands back what was refused, to keep (issue 23 item 9). */
export type OnPurchasePrompt = (prompt: PurchasePrompt, refused: Draft) => void;

const PROMPTS: Record<string, PurchasePrompt> = {
  insufficient_credits: 'credits',
  premium_required: 'premium',
};

// A send that got no answer (network, 5xx) is tried again on its own, with the same key, before
// the bubble says "Not sent": the server stores and charges it once however often it arrives.
const AUTOMATIC_RETRY_DELAYS_MS = [1_000, 3_000];

/** Worth trying again: the request may not have arrived, or the server stumbled. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postWithRetries(to: number, clientKey: string, draft: Draft) {
  for (const delay of AUTOMATIC_RETRY_DELAYS_MS) {
    try {
      return await post(to, clientKey, draft);
    } catch (error) {
      if (!isTransient(error)) throw error;
      await pause(delay);
    }
  }
  return post(to, clientKey, draft);
}

function post(to: number, clientKey: string, draft: Draft): Promise<SendMessageAnswer> {
  if (draft.kind === 'photo') return sendPhoto({ to, clientKey, file: draft.file });
  const body =
    draft.kind === 'text'
      ? { kind: 'text' as const, to, client_key: clientKey, text: draft.text }
      : { kind: 'gift' as const, to, client_key: clientKey, gift_id: draft.giftId };
  return callApi(chatApi.send, { body });
}

/**
 * Sends messages to one partner (issue 9 §2). Each message gets its idempotency key once and
 * keeps it on retry, so a send that reached the server before the connection dropped is
 * charged once. A pending bubble shows at once; a failed one offers Retry. An answer asking
 * for credits or premium removes the bubble and opens the purchase prompt with the refused
 * draft, which the conversation puts back (never sent again on its own: issue 23 item 9).
 */
export function useSendQueue(partnerId: number, onPrompt: OnPurchasePrompt) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const prompt = useRef(onPrompt);
  useEffect(() => {
    prompt.current = onPrompt;
  });

  const drop = useCallback((clientKey: string) => {
    setPending((list) => {
      const gone = list.find((entry) => entry.clientKey === clientKey);
      if (gone?.draft.kind === 'photo') URL.revokeObjectURL(gone.draft.previewUrl);
      return list.filter((entry) => entry.clientKey !== clientKey);
    });
  }, []);

  const run = useCallback(
    async (clientKey: string, draft: Draft) => {
      setPending((list) =>
        list.map((entry) =>
          entry.clientKey === clientKey
            ? { ...entry, draft, status: 'sending', error: undefined }
            : entry,
        ),
      );
      try {
        const answer = await postWithRetries(partnerId, clientKey, draft);
        updateConversations(
          queryClient,
          (conversation) => conversation.partner.id === partnerId,
          (conversation) => ({
            ...withMessage(conversation, answer.message),
            terms: { ...conversation.terms, credits: answer.credits },
          }),
        );
        queryClient.setQueryData<LoggedInUser | null>(queryKeys.user, (user) =>
          user ? { ...user, credits: answer.credits } : user,
        );
        drop(clientKey);
        // The list's order, preview and (for a first message) the conversations left change.
        void reloadChats(queryClient);
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
      } catch (error) {
        const purchase = error instanceof ApiError ? PROMPTS[error.code] : undefined;
        if (purchase) {
          // The refused draft goes back to the member whole: a photo gets a preview address of
          // its own, since dropping the bubble frees the old one.
          const refused: Draft =
            draft.kind === 'photo'
              ? { ...draft, previewUrl: URL.createObjectURL(draft.file) }
              : draft;
          drop(clientKey);
          prompt.current(purchase, refused);
          return;
        }
        setPending((list) =>
          list.map((entry) =>
            entry.clientKey === clientKey ? { ...entry, status: 'failed', error } : entry,
          ),
        );
      }
    },
    [partnerId, queryClient, drop],
  );

  const send = useCallback(
    (draft: Draft, newestKnownId: number) => {
      const clientKey = newClientKey();
      setPending((list) => [...list, { clientKey, draft, status: 'sending', newestKnownId }]);
      void run(clientKey, draft);
    },
    [run],
  );

  const retry = useCallback(
    (clientKey: string) => {
      const entry = pending.find((candidate) => candidate.clientKey === clientKey);
      if (entry && entry.status === 'failed') void run(entry.clientKey, entry.draft);
    },
    [pending, run],
  );

  return { pending, send, retry, discard: drop };
}
