// spec §1: the 11 interface languages; en is the default, nl the fallback.
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nl';
export const LOCALE_COOKIE = 'locale';
// spec §9: the locale cookie lasts 365 days.
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The native name of each language, shown in the language dropdown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  sv: 'Svenska',
};
