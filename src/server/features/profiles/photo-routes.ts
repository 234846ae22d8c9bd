import type { FastifyInstance, FastifyRequest } from 'fastify';
import { photosApi } from '@contract/endpoints/photos';
import type { Member } from '@server/db/member-record';
import { AppError, invalidFields } from '@server/errors/app-error';
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
import { receivePhoto, removePhotoFiles } from './photo-upload';
import { uploadGuard } from './upload-guard';

/** spec is silent on upload pace; 60 an hour is far above what a person does by hand. */
const PHOTO_UPLOADS_PER_HOUR = 60;

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
    const { keys, width, height } = await receivePhoto(request, storage);
    const inserted = await insertPhotoWithinLimit(db, member.id, photoLimitOf(member), {
      ...keys,
      status: request.site.settings.photo_moderation ? 'pending' : 'active',
      width,
      height,
    }).catch(async (error: unknown) => {
      await removePhotoFiles(storage, keys);
      throw error;
    });
    // Nothing half-written: the files of a refused photo are removed again.
    if (!inserted) {
      await removePhotoFiles(storage, keys);
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
    await removePhotoFiles(storage, {
      storageKey: deleted.storage_key,
      blurredStorageKey: deleted.blurred_storage_key,
    });
    return ownProfileAnswer(request.site, member.id);
  });
}
