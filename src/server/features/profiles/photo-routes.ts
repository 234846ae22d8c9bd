import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownProfileAnswerSchema, photoIdSchema, photoOrderSchema } from '@contract/profiles';
import type { Db } from '@server/db/database';
import type { MemberRow } from '@server/db/schema';
import { findMemberById } from '@server/features/account/member-queries';
import { requireMember } from '@server/features/auth/session-plugin';
import {
  MAX_PHOTO_BYTES,
  PhotoRejectedError,
  photoFileNames,
  processPhoto,
  storeProcessedPhoto,
} from '@server/features/photos/photo-pipeline';
import type { PhotoStorage } from '@server/features/photos/photo-storage';
import { AppError } from '@server/errors/app-error';
import type { RateLimiter } from '@server/rate-limit/rate-limiter';
import { listMemberInterests } from './interest-queries';
import { countLivePhotos, listPhotos } from './photo-queries';
import { photoLimitOf, presentOwnProfile } from './profile-presenters';
import { uploadGuard } from './upload-guard';

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

/** spec §5/§9 photo limits: 3 for free members, 25 for premium, enforced here. */
async function assertBelowLimit(db: Db, member: MemberRow) {
  if ((await countLivePhotos(db, member.id)) >= photoLimitOf(member)) {
    throw new AppError('photo_limit_reached', 'forbidden', {
      fields: { limit: String(photoLimitOf(member)) },
    });
  }
}

/** spec is silent on upload pace; 60 an hour is far above what a person does by hand. */
const PHOTO_UPLOADS_PER_HOUR = 60;

export async function photoRoutes(
  app: FastifyInstance,
  { db, storage, rateLimiter }: { db: Db; storage: PhotoStorage; rateLimiter: RateLimiter },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = uploadGuard(rateLimiter, PHOTO_UPLOADS_PER_HOUR);

  async function answer(request: FastifyRequest, memberId: number) {
    const member = (await findMemberById(db, memberId))!;
    const [photos, interests] = await Promise.all([
      listPhotos(db, memberId, { activeOnly: false }),
      listMemberInterests(db, memberId),
    ]);
    return {
      profile: presentOwnProfile(
        request.site,
        member,
        photos,
        interests.map((interest) => interest.id),
      ),
    };
  }

  routes.post(
    '/api/photos.php',
    { schema: { response: { 200: ownProfileAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      return guard.run(member.id, () => uploadPhoto(request, member));
    },
  );

  async function uploadPhoto(request: FastifyRequest, member: MemberRow) {
    await assertBelowLimit(db, member);
    const upload = await readUpload(request);
    let processed;
    try {
      processed = await processPhoto(upload);
    } catch (error) {
      if (error instanceof PhotoRejectedError) throw new AppError(error.code, 'invalid');
      throw error;
    }
    const keys = await storeProcessedPhoto(storage, processed);
    const status = request.site.settings.photo_moderation ? 'pending' : 'active';
    try {
      await db.transaction().execute(async (trx) => {
        // Checked again inside the transaction: two uploads at once cannot pass the limit.
        const live = await countLivePhotos(trx, member.id);
        if (live >= photoLimitOf(member)) throw new AppError('photo_limit_reached', 'forbidden');
        await trx
          .insertInto('photos')
          .values({
            member_id: member.id,
            storage_key: keys.storageKey,
            blurred_storage_key: keys.blurredStorageKey,
            status,
            position: live,
            width: processed.width,
            height: processed.height,
            created_at: new Date().toISOString(),
          })
          .execute();
      });
    } catch (error) {
      // Nothing half-written: the files of a refused photo are removed again.
      await Promise.all(
        Object.values(photoFileNames(keys.storageKey, keys.blurredStorageKey)).map((name) =>
          storage.remove(name),
        ),
      );
      throw error;
    }
    return answer(request, member.id);
  }

  routes.put(
    '/api/photos.php',
    { schema: { body: photoOrderSchema, response: { 200: ownProfileAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const photos = await listPhotos(db, member.id, { activeOnly: false });
      const order = request.body.order;
      const sameSet =
        order.length === photos.length && photos.every((photo) => order.includes(photo.id));
      if (!sameSet)
        throw new AppError('validation_failed', 'invalid', { fields: { order: 'invalid_value' } });
      // The first photo of the order is the main photo (spec §3 main_image).
      await db.transaction().execute(async (trx) => {
        for (const [position, id] of order.entries()) {
          await trx
            .updateTable('photos')
            .set({ position })
            .where('id', '=', id)
            .where('member_id', '=', member.id)
            .execute();
        }
      });
      return answer(request, member.id);
    },
  );

  routes.delete(
    '/api/photos.php',
    { schema: { body: photoIdSchema, response: { 200: ownProfileAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const photo = await db
        .selectFrom('photos')
        .select(['id', 'storage_key', 'blurred_storage_key'])
        .where('id', '=', request.body.id)
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (!photo) throw new AppError('not_found', 'not_found');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('photos').where('id', '=', photo.id).execute();
        const rest = await trx
          .selectFrom('photos')
          .select('id')
          .where('member_id', '=', member.id)
          .orderBy('position')
          .orderBy('id')
          .execute();
        for (const [position, row] of rest.entries()) {
          await trx.updateTable('photos').set({ position }).where('id', '=', row.id).execute();
        }
      });
      await Promise.all(
        Object.values(photoFileNames(photo.storage_key, photo.blurred_storage_key)).map((name) =>
          storage.remove(name),
        ),
      );
      return answer(request, member.id);
    },
  );
}
