import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { mediaRoutes } from './media-routes';

// The photos feature: the processing pipeline and serving of stored photos (the files
// themselves live in infrastructure: @server/storage/photo-storage).
export { type StoredPhoto, presentMainImage } from './main-image-presenter';
export {
  MAX_PHOTO_BYTES,
  PhotoRejectedError,
  photoFileNames,
  processPhoto,
  storeProcessedPhoto,
} from './photo-pipeline';
export {
  type PrivatePhotoSize,
  privatePhotoFileName,
  removePrivatePhoto,
  storePrivatePhoto,
} from './private-photos';

export async function photosFeature(app: FastifyInstance, { config }: Services) {
  await mediaRoutes(app, { mediaDir: config.MEDIA_DIR });
}
