import { z } from 'zod';
import { PHOTO_STATUSES, mainImageSchema } from './photos';
import { ABOUT_MAX_LENGTH, PROFILE_OPTIONS } from './profile-options';
import { nameSchema } from './account';
import { idSchema } from './ids';
import { rejectedPhotoSchema } from './moderation';
import { plainText } from './plain-text';

// spec §5/§9: free members may have 3 photos, premium members 25.
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;

const optionOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

/** A photo as its owner sees it: every status, every size. */
export const ownPhotoSchema = z.object({
  id: z.number().int(),
  status: z.enum(PHOTO_STATUSES),
  position: z.number().int(),
  thumb: z.string(),
  match: z.string(),
  full: z.string(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

/** The member's own profile, for the editor (/profile). */
export const ownProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: optionOf(PROFILE_OPTIONS.gender),
  seeking: optionOf(PROFILE_OPTIONS.seeking),
  sexuality: optionOf(PROFILE_OPTIONS.sexuality),
  hair_color: optionOf(PROFILE_OPTIONS.hair_color),
  eye_color: optionOf(PROFILE_OPTIONS.eye_color),
  body_type: optionOf(PROFILE_OPTIONS.body_type),
  relationship_status: optionOf(PROFILE_OPTIONS.relationship_status),
  interests: z.array(z.number().int()),
  country: z.string(),
  region: z.string().nullable(),
  about: z.string(),
  is_invisible: z.boolean(),
  photos: z.array(ownPhotoSchema),
  /** Photos a moderator refused, with the reason the member reads (issue 30 item 5). */
  rejected_photos: z.array(rejectedPhotoSchema),
  photo_limit: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileAnswerSchema = z.object({ profile: ownProfileSchema });

export const profileUpdateSchema = z.object({
  name: nameSchema,
  gender: z.enum(PROFILE_OPTIONS.gender),
  seeking: z.enum(PROFILE_OPTIONS.seeking),
  sexuality: optionOf(PROFILE_OPTIONS.sexuality),
  hair_color: optionOf(PROFILE_OPTIONS.hair_color),
  eye_color: optionOf(PROFILE_OPTIONS.eye_color),
  body_type: optionOf(PROFILE_OPTIONS.body_type),
  relationship_status: optionOf(PROFILE_OPTIONS.relationship_status),
  interests: z.array(idSchema).max(20),
  country: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().max(10).nullable(),
  about: plainText(z.string().trim().max(ABOUT_MAX_LENGTH, 'about_too_long')),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const photoOrderSchema = z.object({
  order: z.array(idSchema).min(1).max(25),
});
export const photoIdSchema = z.object({ id: idSchema });

/**
 * A photo as another viewer sees it. Locked photos (non-premium viewers) carry only the
 * blurred image: the address of the original never leaves the server (DESIGN.md §5).
 */
export const viewedPhotoSchema = z.discriminatedUnion('locked', [
  z.object({
    id: z.number().int(),
    locked: z.literal(false),
    thumb: z.string(),
    match: z.string(),
    full: z.string(),
  }),
  z.object({ id: z.number().int(), locked: z.literal(true), thumb: z.string(), match: z.string() }),
]);
export type ViewedPhoto = z.infer<typeof viewedPhotoSchema>;

/** Another member's profile (/members/{id}); which attributes show follows the site settings. */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  fictional: z.boolean(),
  attributes: z.record(z.string(), z.string()),
  interests: z.array(z.string()),
  notes: z.record(z.string(), z.string()),
  main_image: mainImageSchema.nullable(),
  photos: z.array(viewedPhotoSchema),
  /** Only for logged-in viewers: whether they blocked this member. */
  blocked_by_viewer: z.boolean().optional(),
  /** Only for logged-in viewers of another member: whether they liked this member (issue 8). */
  liked: z.boolean().optional(),
  /** Only for logged-in viewers of another member: whether this member liked them. */
  liked_me: z.boolean().optional(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
export const memberProfileAnswerSchema = z.object({ profile: memberProfileSchema });

export const memberIdSchema = z.object({ member_id: idSchema });
export const blockedMembersAnswerSchema = z.object({
  blocked: z.array(
    z.object({ id: z.number().int(), name: z.string(), blocked_at: z.iso.datetime() }),
  ),
});
export const invisibleRequestSchema = z.object({ invisible: z.boolean() });
