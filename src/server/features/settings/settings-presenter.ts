import type { Locale } from '@contract/locales';
import type { SiteSettings } from '@contract/settings';
import { type Site, siteTextsFor } from '@server/features/sites';
import { geoipCountryOf, selectedCountry } from './visitor-country';

export interface SettingsContext {
  locale: Locale;
  /** The visitor's country as told by the CDN or load balancer, when configured. */
  geoipCountry: string | null;
  /** The country the visitor chose on /lang-config (its cookie), when any. */
  chosenCountry: string | null;
  pushPublicKey: string | null;
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
