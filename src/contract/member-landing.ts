import { z } from 'zod';
import { idParamSchema } from './ids';
import { profileCardSchema, trafficSourceQuerySchema } from './members';

export { MEMBER_LANDING_ROUTES, type MemberLandingRoute } from './member-landing-routes';

/**
 * The headline sets an ad may ask for with the optional {slug} of landing2 and landing3.
 * Any other slug shows the default set (issue 25: unknown slugs fall back to the default).
 */
export const MEMBER_LANDING_VARIANTS = ['default', 'chat', 'photos'] as const;
export type MemberLandingVariant = (typeof MEMBER_LANDING_VARIANTS)[number];

export function memberLandingVariant(slug: string | undefined): MemberLandingVariant {
  return (MEMBER_LANDING_VARIANTS as readonly string[]).includes(slug ?? '')
    ? (slug as MemberLandingVariant)
    : 'default';
}

/** How many of the member's other photos a landing page shows, blurred, as a teaser. */
export const LANDING_TEASER_PHOTOS = 4;

/** The member, and the tracking values the visitor came with (spec §6 logged-out search). */
export const memberLandingQuerySchema = trafficSourceQuerySchema.extend({ id: idParamSchema });

/**
 * The member an ad is for, as a visitor may see them: the public card (no e-mail, birth date
 * or coordinates), the profile text, and only blurred thumbnails of the other photos.
 */
export const memberLandingAnswerSchema = z.object({
  profile: profileCardSchema.extend({
    about: z.string(),
    photo_count: z.number().int().nonnegative(),
    /** Blurred thumbnails of other photos: the originals are for members (DESIGN.md §5). */
    teaser_photos: z.array(z.string()),
  }),
});
export type MemberLandingProfile = z.infer<typeof memberLandingAnswerSchema>['profile'];
