import { z } from 'zod';

// spec §3 "Notification kinds", in the spec's order.
export const NOTIFICATION_KINDS = [
  'new_conversations',
  'new_messages',
  'likes',
  'unread_reminders',
  'promotions',
  'weekly_updates',
  'news',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The channels a kind can be turned on or off for (issue 31 item 5). */
// `mail`, not `email`: an answer's `email` key is an address (the matrix's privacy check).
export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

// spec §8 "E-mail-disabled reasons": a spam mark, a bounce, a one-click unsubscribe.
export const EMAIL_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type EmailDisabledReason = (typeof EMAIL_DISABLED_REASONS)[number];

const kindFlags = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

/** What the notifications page shows: each kind per channel, and why e-mail is off. */
export const notificationSettingsSchema = z.object({
  mail: kindFlags,
  push: kindFlags,
  /** Non-empty: no notification mail is sent at all until the member turns e-mail back on. */
  email_disabled: z.array(z.enum(EMAIL_DISABLED_REASONS)),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A change: the kinds named are set, the others kept; `resume_email` clears the reasons. */
export const notificationSettingsChangeSchema = z
  .object({
    mail: kindFlags.partial().strict().optional(),
    push: kindFlags.partial().strict().optional(),
    resume_email: z.literal(true).optional(),
  })
  .strict();

// A web push subscription as PushSubscription.toJSON() gives it (spec §7 {subscription}).
const base64url = z
  .string()
  .min(16, 'invalid_value')
  .max(256, 'invalid_value')
  .regex(/^[A-Za-z0-9_-]+=*$/, 'invalid_value');
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'invalid_value' }).max(2048, 'invalid_value'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export const pushSubscriptionRequestSchema = z.object({ subscription: pushSubscriptionSchema });
/** Tells the push variant of POST /api/user.php (spec §7) from the login. */
export const pushQuerySchema = z.object({ push: z.literal('1') });

/** What a push message carries to the service worker (src/web/sw/). */
export const pushPayloadSchema = z.object({
  kind: z.enum(['message', 'like', 'match']),
  title: z.string(),
  body: z.string(),
  /** The sender's photo (a thumbnail URL), if any. */
  icon: z.string().nullable(),
  /** Where a click opens: the conversation or the profile. */
  url: z.string(),
  /** The member's unread count for the app badge. */
  badge: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * A mail provider's bounce and complaint report (docs/notifications.md): sent with
 * `Authorization: Bearer <MAIL_REPORTS_SECRET>`.
 */
export const mailReportsSchema = z.object({
  reports: z
    .array(
      z.object({
        email: z.string().trim().toLowerCase().max(254),
        type: z.enum(['bounce', 'complaint']),
      }),
    )
    .min(1)
    .max(1000),
});

/** The one-click unsubscribe link's token (RFC 8058). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(300) });
