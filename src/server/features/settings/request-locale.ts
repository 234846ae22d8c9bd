import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, isLocale } from '@contract/locales';

/**
 * The language of a request: the locale cookie when valid, else the site's domain_language
 * when supported (spec §7 "Settings handling"), else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  const fromSite = request.site.settings.domain_language?.slice(0, 2);
  return isLocale(fromSite) ? fromSite : DEFAULT_LOCALE;
}
