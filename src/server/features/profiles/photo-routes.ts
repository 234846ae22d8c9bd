import type { FastifyInstance, FastifyRequest } from 'fastify';
import { photosApi } from '@contract/endpoints/photos';
import type { Member } from '@server/db/member-record';
import { AppError, invalidFields } from '@server/errors/app-error';
import {
  MAX_PHOTO_BYTES,
  PhotoRejectedError,
  photoFileNames,
  processPhoto,
  storeProcessedPhoto,
} from '@server/features/photos';
import type { PhotoStorage } from '@server/storage/photo-storage';
import type { Site } from '@server/features/sites';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import {
  countLivePhotos,
  deletePhoto,
  insertPhotoWithinLimit,
  listPhotos,
  reorderPhotos,
} from './photo-queries';
import { photoLimitOf, presentOwnProfile } from './profile-presenters';
import { loadOwnProfile } from './profile-queries';
import { uploadGuard } from './upload-guard';

/** spec is silent on upload pace; 60 an hour is far above what a person does by hand. */
const PHOTO_UPLOADS_PER_HOUR = 60;

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 } });
    if (!file) throw new AppError('photo_missing', 'invalid');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('photo_too_large', 'too_large');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('photo_missing', 'unsupported');
    throw new AppError('photo_missing', 'invalid');
  }
}

const removeFiles = (
  storage: PhotoStorage,
  keys: { storageKey: string; blurredStorageKey: string },
) =>
  Promise.all(
    Object.values(photoFileNames(keys.storageKey, keys.blurredStorageKey)).map((name) =>
      storage.remove(name),
    ),
  );

/** The member's own photos: upload, order and delete (spec §5, §9 photo limits). */
export function photoRoutes(app: FastifyInstance, { db, storage, rateLimiter }: Services) {
  const guard = uploadGuard(rateLimiter, PHOTO_UPLOADS_PER_HOUR);
  const limitReached = (member: Member) =>
    new AppError('photo_limit_reached', 'forbidden', {
      fields: { limit: String(photoLimitOf(member)) },
    });

  /** The answer after a photo change, which may change the member's card (main photo). */
  async function ownProfileAnswer(site: Site, memberId: number) {
    const own = (await loadOwnProfile(db, site.id, memberId))!;
    return { profile: presentOwnProfile(site, own) };
  }

  async function uploadPhoto(request: FastifyRequest, member: Member) {
    if ((await countLivePhotos(db, member.id)) >= photoLimitOf(member)) throw limitReached(member);
    const upload = await readUpload(request);
    let processed;
    try {
      processed = await processPhoto(upload);
    } catch (error) {
      if (error instanceof PhotoRejectedError) throw new AppError(error.code, 'invalid');
      throw error;
    }
    const keys = await storeProcessedPhoto(storage, processed);
    const inserted = await insertPhotoWithinLimit(db, member.id, photoLimitOf(member), {
      ...keys,
      status: request.site.settings.photo_moderation ? 'pending' : 'active',
      width: processed.width,
      height: processed.height,
    }).catch(async (error: unknown) => {
      await removeFiles(storage, keys);
      throw error;
    });
    // Nothing half-written: the files of a refused photo are removed again.
    if (!inserted) {
      await removeFiles(storage, keys);
      throw limitReached(member);
    }
    return ownProfileAnswer(request.site, member.id);
  }

  registerEndpoint(app, photosApi.upload, async ({ request, member }) =>
    guard.run(member.id, () => uploadPhoto(request, member)),
  );

  registerEndpoint(app, photosApi.reorder, async ({ request, member, body }) => {
    const photos = await listPhotos(db, member.id, { activeOnly: false });
    const sameSet =
      body.order.length === photos.length && photos.every((photo) => body.order.includes(photo.id));
    if (!sameSet) throw invalidFields({ order: 'invalid_value' });
    await reorderPhotos(db, member.id, body.order);
    return ownProfileAnswer(request.site, member.id);
  });

  registerEndpoint(app, photosApi.remove, async ({ request, member, body }) => {
    const deleted = await deletePhoto(db, member.id, body.id);
    if (!deleted) throw new AppError('not_found', 'not_found');
    await removeFiles(storage, {
      storageKey: deleted.storage_key,
      blurredStorageKey: deleted.blurred_storage_key,
    });
    return ownProfileAnswer(request.site, member.id);
  });
}
