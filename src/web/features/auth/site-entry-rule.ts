import type { SiteSettings } from '@contract/settings';
import { isDismissed } from '@web/components/dismissals';
import { isInstalledApp } from '@web/components/installed-app';

/**
 * spec §2 "Site-entry warning": shown on the login route to logged-out visitors outside an
 * installed app, unless dismissed before (§4, with a timestamp) or switched off by
 * enable_site_entry_popup, and only for the site's configured countries. A visitor whose
 * country the CDN did not tell is taken to be in the site's own country: when in doubt, warn.
 */
export function shouldShowSiteEntryWarning(
  site: Pick<
    SiteSettings,
    | 'enable_site_entry_popup'
    | 'geoip_country'
    | 'geoip_selected_country'
    | 'site_entry_popup_countries'
  >,
): boolean {
  if (!site.enable_site_entry_popup || isInstalledApp()) return false;
  const country = site.geoip_country ?? site.geoip_selected_country;
  if (!site.site_entry_popup_countries.includes(country)) return false;
  return !isDismissed('hide-site-entry-warning');
}
