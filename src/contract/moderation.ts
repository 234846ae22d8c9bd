import { z } from 'zod';
import { REPORT_REASONS } from './chat';
import { idParamSchema, idSchema } from './ids';
import { plainLine, plainText } from './plain-text';

// Issue 30 item 5: moderation in the operator console (photos, reports, members, bans).

/**
 * Why a moderator refuses a photo: a fixed list, so the member reads the reason in their own
 * language (photo-moderation namespace) and the console offers one key per reason.
 */
export const PHOTO_REJECTION_REASONS = [
  'no_face',
  'not_you',
  'nudity',
  'poor_quality',
  'contact_details',
  'breaks_rules',
] as const;
export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];

/** A rejected photo as its owner sees it on their profile: which one, and why. */
export const rejectedPhotoSchema = z.object({
  id: z.number().int(),
  thumb: z.string(),
  reason: z.enum(PHOTO_REJECTION_REASONS),
});
export type RejectedPhoto = z.infer<typeof rejectedPhotoSchema>;

/** Why staff ban a member: one line, shown on the member card and kept in the audit log. */
const banReasonSchema = plainLine(z.string().trim().min(3).max(500));

/** A member as a list row of the lookup (no private data but what the role may see). */
export const memberRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  is_fictional: z.boolean(),
  created_at: z.string(),
  thumb: z.string().nullable(),
});
export const memberLookupQuerySchema = z.object({
  q: plainLine(z.string().trim().min(1).max(254)),
});
export const memberLookupAnswerSchema = z.object({ members: z.array(memberRowSchema) });

/** The member card: what a moderator needs to judge a member (never payments or IPs). */
export const memberCardSchema = memberRowSchema.extend({
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  language: z.string(),
  about: z.string(),
  last_active_at: z.string().nullable(),
  ban_reason: z.string().nullable(),
  photos: z.array(z.object({ id: z.number().int(), thumb: z.string(), status: z.string() })),
  open_reports: z.number().int(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const memberCardQuerySchema = z.object({ member: idParamSchema });
export const memberCardAnswerSchema = z.object({ member: memberCardSchema });

export const banRequestSchema = z.object({ member: idSchema, reason: banReasonSchema });
export const unbanRequestSchema = z.object({ member: idSchema });

/** A photo waiting for a decision, oldest first. */
export const pendingPhotoSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  match: z.string(),
  full: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export const photoQueueAnswerSchema = z.object({
  photos: z.array(pendingPhotoSchema),
  /** All pending photos of the site, of which `photos` are the oldest. */
  total: z.number().int(),
});

export const photoDecisionRequestSchema = z.discriminatedUnion('decision', [
  z.object({ photo: idSchema, decision: z.literal('approve') }),
  z.object({
    photo: idSchema,
    decision: z.literal('reject'),
    reason: z.enum(PHOTO_REJECTION_REASONS),
  }),
]);
export const photoDecisionAnswerSchema = z.object({
  photo: z.object({ id: z.number().int(), status: z.enum(['active', 'rejected']) }),
});

/** A message of a report's excerpt: who wrote it (reporter or reported) and what. */
export const excerptMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['reporter', 'reported']),
  kind: z.string(),
  text: z.string().nullable(),
  created_at: z.string(),
  /** The reported message itself. */
  reported: z.boolean(),
});
export const reportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
  reporter: z.object({ id: z.number().int(), name: z.string() }),
  reported: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    is_fictional: z.boolean(),
  }),
  message_id: z.number().int().nullable(),
  excerpt: z.array(excerptMessageSchema),
});
export type Report = z.infer<typeof reportSchema>;
export const reportsAnswerSchema = z.object({ reports: z.array(reportSchema) });

export const reportResolutionRequestSchema = z.discriminatedUnion('resolution', [
  z.object({
    report: idSchema,
    resolution: z.literal('dismissed'),
    note: plainText(z.string().trim().max(500)).optional(),
  }),
  z.object({ report: idSchema, resolution: z.literal('banned'), reason: banReasonSchema }),
]);
