import { DEFAULT_LOCALE, type Locale, isLocale } from '@contract/locales';

/**
 * spec §7 "Settings handling": without a locale cookie, the first two letters of the site's
 * domain_language choose the locale when supported; otherwise English.
 */
export function initialLocale(
  cookieLocale: Locale | undefined,
  domainLanguage: string | null,
): Locale {
  if (cookieLocale) return cookieLocale;
  const fromDomain = domainLanguage?.slice(0, 2).toLowerCase();
  return isLocale(fromDomain) ? fromDomain : DEFAULT_LOCALE;
}
