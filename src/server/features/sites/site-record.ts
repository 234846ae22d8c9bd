import type { Locale } from '@contract/locales';
import type { SiteTexts, StoredSiteSettings } from '@contract/stored-site-settings';

export {
  DEFAULT_SITE_TIME_ZONE,
  type SiteTexts,
  type StoredSiteSettings,
  siteTextsSchema,
  storedSiteSettingsSchema,
} from '@contract/stored-site-settings';

export interface Site {
  id: number;
  domain: string;
  companyId: number;
  settings: StoredSiteSettings;
}

/** The site's texts in the asked language, else its own language, else English, else any. */
export function siteTextsFor(site: Site, locale: Locale): SiteTexts {
  const own = site.settings.domain_language?.slice(0, 2) as Locale | undefined;
  const texts =
    site.settings.texts[locale] ??
    (own ? site.settings.texts[own] : undefined) ??
    site.settings.texts.en ??
    Object.values(site.settings.texts)[0];
  if (!texts) throw new Error(`Site ${site.domain} has no texts`);
  return texts;
}
