import { z } from 'zod';
import { LOCALES } from './locales';

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

// spec §3 "Site settings": every field, with the names the spec uses.
export const siteSettingsSchema = z.object({
  countries: z.array(countryCodeSchema).min(1),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  geoip_country: countryCodeSchema.nullable(),
  geoip_selected_country: countryCodeSchema,
  cdn_prefix: z.string(),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  minimum_message_costs: z.record(
    countryCodeSchema,
    z.object({ costs: z.number().int().nonnegative(), currency: z.string().length(3) }),
  ),
  support_email: z.email(),
  support_phone: z.string(),
  enable_site_entry_popup: z.boolean(),
  /** Countries whose visitors see the site-entry warning (spec §2 "Site-entry warning"). */
  site_entry_popup_countries: z.array(countryCodeSchema),
  push_public_key: z.string().nullable(),
  search_fields: z.array(z.string()),
  domain: z.string(),
  domain_language: z.string().nullable(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int().nonnegative(),
  signups: z.enum(['all', 'with_trafficsource', 'invite_only', 'none']),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  niche: z.number().int().min(1).max(7),
  company_id: z.number().int(),
  mail_name: z.string(),
  /** New photos wait for a moderator (pending) before others see them, or go live at once. */
  photo_moderation: z.boolean(),
  /** Minimum member age (spec §5 "min_age+"). */
  min_age: z.number().int().min(18),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const settingsAnswerSchema = z.object({ settings: siteSettingsSchema });

export const settingsQuerySchema = z
  .object({
    // The spec's forced-domain parameter: a site may be asked for by name (spec §7).
    domain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]+(:\d+)?$/i)
      .optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .loose();

// spec §3 "Company info".
export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: countryCodeSchema,
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int().min(0).max(100),
  added: z.iso.datetime(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
export const companyInfoAnswerSchema = z.object({ company: companyInfoSchema });

export const interestSchema = z.object({ id: z.number().int(), key: z.string() });
export const interestsAnswerSchema = z.object({ interests: z.array(interestSchema) });
export type Interest = z.infer<typeof interestSchema>;

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export const regionsAnswerSchema = z.object({
  regions: z.record(countryCodeSchema, z.array(regionSchema)),
});
export type Region = z.infer<typeof regionSchema>;

export { COUNTRY_COOKIE } from './country-cookie';
