import { z } from 'zod';
import { PROFILE_OPTIONS } from './profile-options';
import { LANDERS } from './routes';
import { countryCodeSchema } from './settings';

/**
 * Headline sets a lander variant may carry instead of the lander's own words (issue 25 item 1:
 * "a niche or headline set the site defines"). The web app holds their texts in every language.
 */
export const LANDER_HEADLINES = ['romance', 'adventure', 'mature', 'tonight'] as const;
export type LanderHeadline = (typeof LANDER_HEADLINES)[number];

// A slug as it appears in /landers/{lander}/{slug}: lower case words joined by hyphens.
export const landerSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug');

/**
 * One variant of the landers, chosen by the `{slug}` of spec §2: which members it shows (a
 * niche: gender and an age range) and which headline set it speaks with. Stored in the site
 * settings under `lander_variants`, keyed by slug; every field is optional.
 */
export const landerVariantSchema = z
  .object({
    headline: z.enum(LANDER_HEADLINES).optional(),
    gender: z.enum(PROFILE_OPTIONS.gender).optional(),
    min_age: z.number().int().min(18).max(99).optional(),
    max_age: z.number().int().min(18).max(99).optional(),
  })
  .refine((variant) => (variant.min_age ?? 0) <= (variant.max_age ?? 99), 'min_age above max_age');
export type LanderVariant = z.infer<typeof landerVariantSchema>;

export const landerNameSchema = z.enum(LANDERS);
export type LanderName = z.infer<typeof landerNameSchema>;

export const landerQuerySchema = z
  .object({
    lander: landerNameSchema,
    // Any text: a slug the site does not define shows the default variant (spec §2 "optional").
    slug: z.string().max(200).optional(),
    /** The maplanding's country: one of the site's, else the site's first. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    // The tracking values of spec §3, where logged-out search depends on them (spec §6).
    network: z.string().max(64).optional(),
    ref: z.string().max(64).optional(),
  })
  .loose();

/** A member on a lander: public fields only (no e-mail, birth date or place beyond the region). */
export const landerMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  /** The member's country, shown with the region as on every card (issue 29 item 14). */
  country: countryCodeSchema,
  /** The region's name as people write it, or null. */
  region: z.string().nullable(),
  /** The main photo, square (600 px). */
  photo: z.string(),
  /** The main photo, square (200 px), for small faces. */
  thumb: z.string(),
  fictional: z.boolean(),
});
export type LanderMember = z.infer<typeof landerMemberSchema>;

/**
 * How many visible members live in one region, and the region's cell on the country's tile map
 * (a honeycomb; odd rows sit half a cell right). The map lander draws regions, never points.
 */
export const landerRegionSchema = z.object({
  name: z.string(),
  count: z.number().int().min(0),
  column: z.number().int().min(0),
  row: z.number().int().min(0),
});
export type LanderRegion = z.infer<typeof landerRegionSchema>;

export const landerAnswerSchema = z.object({
  lander: landerNameSchema,
  variant: z.object({
    /** The slug whose variant is shown; null for the default one. */
    slug: z.string().nullable(),
    headline: z.enum(LANDER_HEADLINES).nullable(),
  }),
  members: z.array(landerMemberSchema),
  /** maplanding only: the country drawn and its regions with members, most first. */
  map: z
    .object({
      country: z.string(),
      regions: z.array(landerRegionSchema),
    })
    .nullable(),
});
export type LanderAnswer = z.infer<typeof landerAnswerSchema>;

/** spec §2: tinderswipe takes no slug; the others take an optional one. */
export function landerTakesSlug(lander: LanderName): boolean {
  return lander !== 'tinderswipe';
}
