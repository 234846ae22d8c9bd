import { z } from 'zod';
import { dateOfBirthSchema } from './account';
import { idParamSchema, idSchema } from './ids';
import { LOCALES } from './locales';
import { PROFILE_OPTIONS } from './profile-options';
import { ownProfileSchema, profileUpdateSchema } from './profiles';

/**
 * Fictional profiles as the console manages them (issue 30 item 4; spec §1, §9). They are
 * members with the fictional flag, which no endpoint can clear. Their life:
 * - active: seen like any member, members write to them, operators answer;
 * - paused: hidden from every list and from the inbox (the visible-members rule shows only
 *   active members); conversations and answers are kept; may be made active again;
 * - retired: as paused, for good.
 */
export const FICTIONAL_STATES = ['active', 'paused', 'retired'] as const;
export type FictionalState = (typeof FICTIONAL_STATES)[number];

/** One profile in the console's list. */
export const fictionalProfileSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(PROFILE_OPTIONS.gender).nullable(),
  country: z.string(),
  language: z.enum(LOCALES),
  state: z.enum(FICTIONAL_STATES),
  auto_like: z.boolean(),
  /** The main photo's thumbnail, or null without an active photo. */
  thumb: z.string().nullable(),
  photo_count: z.number().int(),
});
export type FictionalProfileSummary = z.infer<typeof fictionalProfileSummarySchema>;
export const fictionalProfileListAnswerSchema = z.object({
  profiles: z.array(fictionalProfileSummarySchema),
});

/** One profile for the editor: the member editor's fields and the console's own. */
export const fictionalProfileSchema = ownProfileSchema.extend({
  /**
   * The persona's invented birth date. Named apart from members' `date_of_birth`, which the
   * authorization matrix keeps out of every console answer (a real member's is private).
   */
  birth_date: z.string(),
  /** The language the profile writes in (operators answering it are matched by it). */
  language: z.enum(LOCALES),
  state: z.enum(FICTIONAL_STATES),
  /** spec §9: whether the auto-like rule may pick this profile. */
  auto_like: z.boolean(),
});
export type FictionalProfile = z.infer<typeof fictionalProfileSchema>;
export const fictionalProfileAnswerSchema = z.object({ profile: fictionalProfileSchema });

/** What the console writes: the member editor's fields plus birth date, language, auto-like. */
export const fictionalProfileInputSchema = profileUpdateSchema.extend({
  birth_date: dateOfBirthSchema,
  language: z.enum(LOCALES),
  auto_like: z.boolean(),
});
export type FictionalProfileInput = z.infer<typeof fictionalProfileInputSchema>;
export const fictionalProfileChangeSchema = fictionalProfileInputSchema.extend({ id: idSchema });

export const fictionalProfileQuerySchema = z.object({ id: idParamSchema });
export const fictionalStateRequestSchema = z.object({
  id: idSchema,
  state: z.enum(FICTIONAL_STATES),
});
export const fictionalPhotoQuerySchema = z.object({ profile: idParamSchema });
export const fictionalPhotoRemoveSchema = z.object({ profile: idSchema, photo: idSchema });
