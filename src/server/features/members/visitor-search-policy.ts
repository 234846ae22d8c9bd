import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
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

/**
 * The same rule at every door to members' profiles (member.php, search.php,
 * member-landing.php): a visitor the site does not let see members is answered 403
 * authentication_required (spec §6, §8), before anything about a member is looked up
 * (issue 29 item 6: a landing page gave what member.php refused).
 */
export function assertViewerMaySeeMembers(
  viewer: Member | null,
  settings: StoredSiteSettings,
  source: TrafficSource,
): void {
  if (!viewer && !visitorMaySearch(settings, source)) {
    throw new AppError('authentication_required', 'forbidden');
  }
}
