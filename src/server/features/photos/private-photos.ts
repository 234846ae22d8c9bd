import { randomBytes } from 'node:crypto';
import type { ProcessedPhoto } from './photo-pipeline';
import type { PhotoStorage } from '@server/storage/photo-storage';

/**
 * Photos the app hands out itself after checking who asks (chat photos, issue 9 §3), never
 * through the public /media route: their file names carry this prefix, which media-routes
 * refuses, on top of a random key that never leaves the server.
 */
const PRIVATE_PREFIX = 'private-';

export type PrivatePhotoSize = 'thumb' | 'full';

export const privatePhotoFileName = (storageKey: string, size: PrivatePhotoSize) =>
  `${PRIVATE_PREFIX}${storageKey}-${size}.webp`;

/** Whether a path under /media names a private photo (so it is not served there). */
export const isPrivatePhotoPath = (path: string) =>
  (path.split('/').at(-1) ?? '').startsWith(PRIVATE_PREFIX);

/** Stores the sizes a private photo is shown in, under a new random key. */
export async function storePrivatePhoto(storage: PhotoStorage, photo: ProcessedPhoto) {
  const storageKey = randomBytes(18).toString('base64url');
  await Promise.all([
    storage.put(privatePhotoFileName(storageKey, 'thumb'), photo.thumb, 'image/webp'),
    storage.put(privatePhotoFileName(storageKey, 'full'), photo.full, 'image/webp'),
  ]);
  return storageKey;
}

export async function removePrivatePhoto(storage: PhotoStorage, storageKey: string) {
  await Promise.all(
    (['thumb', 'full'] as const).map((size) =>
      storage.remove(privatePhotoFileName(storageKey, size)),
    ),
  );
}
