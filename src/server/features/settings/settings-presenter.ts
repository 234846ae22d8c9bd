import type { Locale } from '@contract/locales';
import type { SiteSettings } from '@contract/settings';
import { type Site, siteTextsFor } from '@server/features/sites';

export interface SettingsContext {
  locale: Locale;
  /** The visitor's country as told by the CDN or load balancer, when configured. */
  geoipCountry: string | null;
  /** The country the visitor chose on /lang-config (its cookie), when any. */
  chosenCountry: string | null;
  pushPublicKey: string | null;
}

/** The visitor's country from the CDN's header, when it is a country code at all. */
export function geoipCountryOf(header: string | string[] | undefined): string | null {
  const value = typeof header === 'string' ? header.toUpperCase() : null;
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

/**
 * The country the site treats the visitor as in: the one they chose on /lang-config, else
 * their own (geoip), each only when the site serves it; else the site's first country.
 */
function selectedCountry(countries: string[], chosen: string | null, geoip: string | null) {
  if (chosen && countries.includes(chosen)) return chosen;
  if (geoip && countries.includes(geoip)) return geoip;
  return countries[0] ?? 'NL';
}

/** The full settings of spec §3 for one site, in the visitor's language. */
export function presentSettings(site: Site, context: SettingsContext): SiteSettings {
  const { texts: _texts, ...stored } = site.settings;
  const countries = stored.countries;
  const geoip = geoipCountryOf(context.geoipCountry ?? undefined);
  return {
    ...stored,
    ...siteTextsFor(site, context.locale),
    domain: site.domain,
    company_id: site.companyId,
    geoip_country: geoip,
    geoip_selected_country: selectedCountry(countries, context.chosenCountry, geoip),
    push_public_key: context.pushPublicKey,
  };
}
