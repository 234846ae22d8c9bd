import type { FastifyRequest } from 'fastify';
import { AppError } from '@server/errors/app-error';
import {
  MAX_PHOTO_BYTES,
  PhotoRejectedError,
  photoFileNames,
  processPhoto,
  storeProcessedPhoto,
} from '@server/features/photos';
import type { PhotoStorage } from '@server/storage/photo-storage';

// The steps every photo upload shares, the member's own and the console's for fictional
// profiles (issue 30 item 4: "through the same photo pipeline"): read the one file, decode and
// re-encode it (features/photos), store its sizes; remove them again when the row is refused.

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

export const removePhotoFiles = (
  storage: PhotoStorage,
  keys: { storageKey: string; blurredStorageKey: string },
) =>
  Promise.all(
    Object.values(photoFileNames(keys.storageKey, keys.blurredStorageKey)).map((name) =>
      storage.remove(name),
    ),
  );

/** Reads, processes and stores the request's photo: its keys and size, for the row. */
export async function receivePhoto(request: FastifyRequest, storage: PhotoStorage) {
  const upload = await readUpload(request);
  let processed;
  try {
    processed = await processPhoto(upload);
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw new AppError(error.code, 'invalid');
    throw error;
  }
  const keys = await storeProcessedPhoto(storage, processed);
  return { keys, width: processed.width, height: processed.height };
}
