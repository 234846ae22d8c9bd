import type { Catalogue } from './translate';

/** spec §1: "Default en, fallback nl". */
export const FALLBACK_LANGUAGE = 'nl';

/**
 * A language's catalogue with every text it lacks taken from the fallback language's
 * catalogue of the same namespace (spec §1), its own texts kept. Applied when the app is
 * built (scripts/locale-fallback.ts), so a missing text shows in nl at no cost to the first
 * load: every language has every key today (locales.test.ts), and no second language is
 * fetched for the rare one that does not (issue 29 item 18).
 */
export function withFallbackTexts(own: Catalogue, fallback: Catalogue): Catalogue {
  const merged: Record<string, string | Catalogue> = { ...own };
  for (const [key, text] of Object.entries(fallback)) {
    const mine = own[key];
    if (mine === undefined) merged[key] = text;
    else if (typeof mine !== 'string' && typeof text !== 'string')
      merged[key] = withFallbackTexts(mine, text);
  }
  return merged;
}
