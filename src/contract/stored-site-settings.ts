import { z } from 'zod';
import { LOCALES } from './locales';
import { landerSlugSchema, landerVariantSchema } from './landers';
import { DEFAULT_PAYMENT_SETTINGS, paymentSettingsSchema } from './payments';
import { siteSettingsSchema } from './settings';
import { timeZoneSchema } from './time-zone';

/** Where the company is (Amsterdam), for sites that name no time zone of their own. */
export const DEFAULT_SITE_TIME_ZONE = 'Europe/Amsterdam';

// What a site stores (issue 30 item 6): in the contract, because the console's settings edit
// is validated by this very schema, the one the server parses every stored row with.
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour as #rrggbb');

// Texts an operator writes per language; the settings answer carries the visitor's language.
export const siteTextsSchema = siteSettingsSchema.pick({
  index_title: true,
  description: true,
  fictional_warning: true,
  fictional_singular: true,
  fictional_plural: true,
});
export type SiteTexts = z.infer<typeof siteTextsSchema>;

/** What a site stores; the rest of SiteSettings is derived per request (see settings-presenter). */
export const storedSiteSettingsSchema = siteSettingsSchema
  .omit({
    geoip_country: true,
    geoip_selected_country: true,
    domain: true,
    company_id: true,
    push_public_key: true,
    index_title: true,
    description: true,
    fictional_warning: true,
    fictional_singular: true,
    fictional_plural: true,
  })
  .extend({
    texts: z.partialRecord(z.enum(LOCALES), siteTextsSchema),
    /**
     * Auto-likes (spec §4, §7): when fictional profiles of this site may like a member.
     * Never from a real member (honest by design); each fictional profile at most once.
     */
    auto_like: z
      .object({
        enabled: z.boolean(),
        /** The first one comes this long after signup. */
        first_after_minutes: z
          .number()
          .int()
          .min(0)
          .max(60 * 24 * 30),
        /** Then at most one per this many minutes. */
        every_minutes: z
          .number()
          .int()
          .min(1)
          .max(60 * 24 * 30),
        max_per_day: z.number().int().min(0).max(50),
      })
      .default({ enabled: true, first_after_minutes: 2, every_minutes: 60, max_per_day: 3 }),
    /**
     * Chat limits (spec §6 "limited free messages, 2 conversations", §9 "chat history is
     * limited"; issue 9). Free messages are the signup credits; a member who never paid may
     * start at most `free_conversations` conversations.
     */
    chat: z
      .object({
        free_conversations: z.number().int().min(0).max(1000),
        /** How many of a conversation's latest messages can be loaded. */
        history_limit: z.number().int().min(30).max(100_000),
        /** Sends per member per minute before too_many_requests. */
        messages_per_minute: z.number().int().min(1).max(600),
      })
      .default({ free_conversations: 2, history_limit: 1000, messages_per_minute: 30 }),
    /**
     * The site's IANA time zone: a member's day ends at their own midnight, or at this one's
     * while their browser has not told theirs (the swipe game's 4 likes, spec §9).
     */
    time_zone: timeZoneSchema.default(DEFAULT_SITE_TIME_ZONE),
    /** Bundles, prices per currency, methods per country, VAT, limits (issue 10). */
    payments: paymentSettingsSchema.default(DEFAULT_PAYMENT_SETTINGS),
    /**
     * The installed app's colours (issue 25 §5): the brand colour of its icon and title bar,
     * and the splash background. The defaults are the web theme's pink and white.
     */
    app_colors: z
      .object({ brand: hexColor, background: hexColor })
      .default({ brand: '#db2777', background: '#ffffff' }),
    /**
     * The variants of the landers by slug (spec §2 /landers/{lander}/{slug?}, issue 25 item 1):
     * a niche (gender, ages) and a headline set. A slug not listed shows the default lander.
     */
    lander_variants: z.record(landerSlugSchema, landerVariantSchema).default({}),
  });
export type StoredSiteSettings = z.infer<typeof storedSiteSettingsSchema>;
