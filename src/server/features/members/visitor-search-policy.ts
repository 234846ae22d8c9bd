import type { StoredSiteSettings } from '@server/features/sites';

/** The tracking values a visitor arrived with (spec §3 "tracking values"). */
export interface TrafficSource {
  network?: string | undefined;
  ref?: string | undefined;
}

/**
 * spec §6: logged-out visitors may see members only when the site's logged_out_search
 * allows it, or when logged_out_search_trafficsource does and they came from a traffic
 * source. One rule for every list and member page a visitor can reach.
 */
export function visitorMaySearch(settings: StoredSiteSettings, source: TrafficSource): boolean {
  const hasTrafficSource = Boolean(source.network || source.ref);
  return (
    settings.logged_out_search || (settings.logged_out_search_trafficsource && hasTrafficSource)
  );
}
