import type { SendMessageAnswer } from '@contract/chat';
import { chatPhotoApi } from '@web/api/endpoints';
import { csrfToken } from '@web/api/api-client';
import { ApiError, apiErrorOf } from '@web/api/api-error';

/**
 * Sends a photo message (issue 9 §3): multipart with the fields of sendPhotoFieldsSchema and
 * the file, charged once per client_key like a text. Rejects with an ApiError carrying the
 * server's code (insufficient_credits, photo_too_large, ...).
 */
export async function sendPhoto(input: {
  to: number;
  clientKey: string;
  file: File;
}): Promise<SendMessageAnswer> {
  const body = new FormData();
  body.append('to', String(input.to));
  body.append('client_key', input.clientKey);
  body.append('photo', input.file);
  let response: Response;
  try {
    response = await fetch(chatPhotoApi.path, {
      method: chatPhotoApi.method,
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken() ?? '' },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error');
  }
  const payload: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw apiErrorOf(response.status, payload);
  // Written by the server through the answer schema, like every answer (api-client.ts).
  return payload as SendMessageAnswer;
}
