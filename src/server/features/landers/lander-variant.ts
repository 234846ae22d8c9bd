import type { LanderName, LanderVariant } from '@contract/landers';
import type { StoredSiteSettings } from '@server/features/sites';

export interface ChosenVariant {
  /** The slug whose variant applies; null for the default. */
  slug: string | null;
  variant: LanderVariant;
}

/**
 * spec §2 /landers/{lander}/{slug?}: the slug picks one of the site's lander_variants; a slug
 * the site does not define shows the default variant, as if none was given.
 */
export function chooseVariant(
  settings: StoredSiteSettings,
  slug: string | undefined,
): ChosenVariant {
  const variant = slug === undefined ? undefined : settings.lander_variants[slug];
  return variant && slug !== undefined ? { slug, variant } : { slug: null, variant: {} };
}

/** spec §2: tinderswipe takes no slug, so /landers/tinderswipe/{anything} is no page. */
export function refusesSlug(lander: LanderName, slug: string | undefined): boolean {
  return lander === 'tinderswipe' && slug !== undefined;
}
