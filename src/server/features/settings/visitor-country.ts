import type { FastifyRequest } from 'fastify';
import { COUNTRY_COOKIE } from '@contract/settings';
import { isCountryCode } from '@server/features/geo';

/**
 * The visitor's country from the CDN's header, when it names a country that exists: anything
 * else ("XX", "T1", any two letters) is none, so the header cannot name more kept settings
 * answers than there are countries (issue 29 item 2).
 */
export function geoipCountryOf(header: string | string[] | undefined): string | null {
  const value = typeof header === 'string' ? header.toUpperCase() : null;
  return value && isCountryCode(value) ? value : null;
}

/** The country the visitor chose on /lang-config (its cookie), when the site serves it. */
export function chosenCountryOf(request: FastifyRequest, countries: string[]): string | null {
  const chosen = request.cookies[COUNTRY_COOKIE] ?? '';
  return countries.includes(chosen) ? chosen : null;
}

/**
 * The country the site treats the visitor as in: the one they chose on /lang-config, else
 * their own (geoip), each only when the site serves it; else the site's first country.
 */
export function selectedCountry(countries: string[], chosen: string | null, geoip: string | null) {
  if (chosen && countries.includes(chosen)) return chosen;
  if (geoip && countries.includes(geoip)) return geoip;
  return countries[0] ?? 'NL';
}

/**
 * The same country for a request to the request's own site: what settings.php answers as
 * geoip_selected_country, and so what a signup stores as the new member's country (issue 25
 * item 4: the country chosen on /lang-config is the one the signup form starts from).
 */
export function requestCountry(request: FastifyRequest, geoipHeader: string | undefined): string {
  const { countries } = request.site.settings;
  const geoip = geoipCountryOf(geoipHeader ? request.headers[geoipHeader] : undefined);
  return selectedCountry(countries, chosenCountryOf(request, countries), geoip);
}
