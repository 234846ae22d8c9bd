import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, isLocale } from '@contract/locales';

/**
 * The language of a request: the locale cookie when valid, else the site's domain_language
 * when supported (spec §7 "Settings handling"), else English: the rule the web app follows
 * (src/web/i18n/initial-locale.ts), so the page carries the settings in the app's language.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  const fromSite = request.site.settings.domain_language?.slice(0, 2).toLowerCase();
  return isLocale(fromSite) ? fromSite : DEFAULT_LOCALE;
}
