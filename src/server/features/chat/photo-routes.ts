import type { FastifyInstance } from 'fastify';
import { chatPhotoApi, chatPhotoFileApi } from '@contract/endpoints/chat';
import { AppError } from '@server/errors/app-error';
import {
  PhotoRejectedError,
  privatePhotoFileName,
  processPhoto,
  removePrivatePhoto,
  storePrivatePhoto,
} from '@server/features/photos';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { maySeePhoto } from './chat-presenter';
import { sendMessage } from './chat-service';
import { findMessageByClientKey } from './message-queries';
import { findReachablePhoto } from './photo-access';
import { photoSendGuard } from './photo-send-guard';
import { readPhotoMessage } from './photo-upload';

/**
 * Photo messages (issue 9 §3): through the photo pipeline (metadata stripped, sizes), stored
 * privately, charged like any message; the bytes go only to the sender, or to the recipient
 * after View.
 */
export function chatPhotoRoutes(app: FastifyInstance, services: Services) {
  const { db, storage, rateLimiter } = services;
  const guard = photoSendGuard(rateLimiter);

  registerEndpoint(app, chatPhotoApi, async ({ request, member }) => {
    const upload = await readPhotoMessage(request);
    const outgoing = {
      site: request.site,
      sender: member,
      to: upload.to,
      clientKey: upload.client_key,
    };
    // A retry of a stored photo is answered without processing the picture again.
    const earlier = await findMessageByClientKey(db, member.id, upload.client_key);
    if (earlier) {
      const { message, credits } = await sendMessage(services, {
        ...outgoing,
        content: { kind: 'photo', storageKey: earlier.photo_storage_key ?? '' },
      });
      return { message, credits };
    }
    if (upload.to === member.id) throw new AppError('cannot_message_self', 'invalid');
    return guard(member.id, async () => {
      let processed;
      try {
        processed = await processPhoto(upload.file);
      } catch (error) {
        if (error instanceof PhotoRejectedError) throw new AppError(error.code, 'invalid');
        throw error;
      }
      const storageKey = await storePrivatePhoto(storage, processed);
      try {
        const sent = await sendMessage(services, {
          ...outgoing,
          content: { kind: 'photo', storageKey },
        });
        // A parallel retry stored the photo first: this copy is not needed.
        if (sent.row.photo_storage_key !== storageKey)
          await removePrivatePhoto(storage, storageKey);
        return { message: sent.message, credits: sent.credits };
      } catch (error) {
        // Nothing half-written: a refused message leaves no files behind.
        await removePrivatePhoto(storage, storageKey);
        throw error;
      }
    });
  });

  registerEndpoint(app, chatPhotoFileApi, async ({ request, reply, member, query }) => {
    // In the viewer's loadable history, with a partner still reachable (photo-access.ts).
    const { message } = await findReachablePhoto(
      db,
      { site: request.site, viewer: member },
      query.message,
    );
    if (!message.photo_storage_key || !maySeePhoto(message, member.id))
      throw new AppError('not_found', 'not_found');
    const bytes = await storage.get(privatePhotoFileName(message.photo_storage_key, query.size));
    if (!bytes) throw new AppError('not_found', 'not_found');
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'image/webp')
      .send(bytes);
  });
}
