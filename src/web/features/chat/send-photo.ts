import { type SendMessageAnswer, sendMessageAnswerSchema } from '@contract/chat';
import { chatPhotoApi } from '@contract/endpoints/chat';
import { errorAnswerSchema } from '@contract/errors';
import { csrfToken } from '@web/api/api-client';
import { ApiError } from '@web/api/api-error';

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
  if (!response.ok) {
    const answer = errorAnswerSchema.safeParse(payload);
    throw new ApiError(
      response.status,
      answer.success ? answer.data.error : 'internal_error',
      answer.success ? answer.data : {},
    );
  }
  return sendMessageAnswerSchema.parse(payload);
}
