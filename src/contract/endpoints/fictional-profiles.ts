import { defineEndpoint } from '@contract/endpoint';
import { fictionalProfilesRoutes } from '@contract/api-routes/fictional-profiles';
import {
  fictionalPhotoQuerySchema,
  fictionalPhotoRemoveSchema,
  fictionalProfileAnswerSchema,
  fictionalProfileChangeSchema,
  fictionalProfileInputSchema,
  fictionalProfileListAnswerSchema,
  fictionalProfileQuerySchema,
  fictionalStateRequestSchema,
} from '@contract/fictional-profiles';

/**
 * Owners and admins manage fictional profiles (docs/operator-console.md "Fictional
 * profiles": operators do not edit them; they keep a persona consistent with the notes).
 */
const MANAGERS = { staff: ['owner', 'admin'] } as const;

/** Issue 30 item 4: create, edit, pause and retire fictional profiles; their photos. */
export const fictionalProfilesApi = {
  list: defineEndpoint({
    ...fictionalProfilesRoutes.list,
    answer: fictionalProfileListAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
  one: defineEndpoint({
    ...fictionalProfilesRoutes.one,
    query: fictionalProfileQuerySchema,
    answer: fictionalProfileAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
  create: defineEndpoint({
    ...fictionalProfilesRoutes.create,
    body: fictionalProfileInputSchema,
    answer: fictionalProfileAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
  /** A retired profile is not changed (validation_failed on `state`). */
  change: defineEndpoint({
    ...fictionalProfilesRoutes.change,
    body: fictionalProfileChangeSchema,
    answer: fictionalProfileAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
  /** active ⇄ paused, either → retired; retired is final. */
  state: defineEndpoint({
    ...fictionalProfilesRoutes.state,
    body: fictionalStateRequestSchema,
    answer: fictionalProfileAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
  /** Through the members' photo pipeline; active at once (staff chose it). */
  uploadPhoto: defineEndpoint({
    ...fictionalProfilesRoutes.uploadPhoto,
    query: fictionalPhotoQuerySchema,
    answer: fictionalProfileAnswerSchema,
    errors: [
      'photo_missing',
      'photo_too_large',
      'photo_too_many_pixels',
      'photo_unsupported_format',
      'photo_corrupt',
      'photo_limit_reached',
    ],
    access: MANAGERS,
    upload: true,
  }),
  removePhoto: defineEndpoint({
    ...fictionalProfilesRoutes.removePhoto,
    body: fictionalPhotoRemoveSchema,
    answer: fictionalProfileAnswerSchema,
    errors: [],
    access: MANAGERS,
  }),
};
