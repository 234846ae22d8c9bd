import type { Locale } from '@contract/locales';
import type { SiteSettings } from '@contract/settings';
import { type Site, siteTextsFor } from '@server/features/sites';

export interface SettingsContext {
  locale: Locale;
  /** The visitor's country as told by the CDN or load balancer, when configured. */
  geoipCountry: string | null;
  pushPublicKey: string | null;
}

/** The visitor's country from the CDN's header, when it is a country code at all. */
export function geoipCountryOf(header: string | string[] | undefined): string | null {
  const value = typeof header === 'string' ? header.toUpperCase() : null;
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
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
    // The visitor's own country when the site serves it, else the site's first country.
    geoip_selected_country: geoip && countries.includes(geoip) ? geoip : (countries[0] ?? 'NL'),
    push_public_key: context.pushPublicKey,
  };
}
