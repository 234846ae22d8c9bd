import { defineEndpoint } from '@contract/endpoint';
import { photosRoutes } from '@contract/api-routes/photos';
import { ownProfileAnswerSchema, photoIdSchema, photoOrderSchema } from '@contract/profiles';

/** The member's own photos (spec §5, §9); each change answers the whole own profile. */
export const photosApi = {
  upload: defineEndpoint({
    ...photosRoutes.upload,
    answer: ownProfileAnswerSchema,
    errors: [
      'photo_missing',
      'photo_too_large',
      'photo_too_many_pixels',
      'photo_unsupported_format',
      'photo_corrupt',
      'photo_limit_reached',
    ],
    access: 'member',
    upload: true,
  }),
  /** The first photo of the order becomes the main photo (spec §3 main_image). */
  reorder: defineEndpoint({
    ...photosRoutes.reorder,
    body: photoOrderSchema,
    answer: ownProfileAnswerSchema,
    errors: [],
    access: 'member',
  }),
  remove: defineEndpoint({
    ...photosRoutes.remove,
    body: photoIdSchema,
    answer: ownProfileAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
