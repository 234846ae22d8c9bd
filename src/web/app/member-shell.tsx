import { useLiveBadges } from '@web/components/live-counts';
import { AutoLikeWatcher } from './auto-like-watcher';
import { useMemberSessionSync } from './use-member-session-sync';
import { useRealtime } from './use-realtime';

// The member-only parts of the shell, one chunk that a visitor's first load does without
// (issue 25 item 6): member-shell-parts.tsx loads it once the user record names a member.
export { MemberNav } from '@web/components/member-nav';
export { SiteBanners } from '@web/components/site-banners';

/**
 * What the app root does for a logged-in member only: the user record's refresh and the
 * language's PUT (use-member-session-sync.ts), the socket (issue 9 §4), the title
 * count and app badge (spec §4), auto-likes and the ?t= like popup (spec §4, §6: "like popups
 * are for logged-in users only").
 */
export function MemberRoot() {
  useMemberSessionSync();
  useRealtime();
  useLiveBadges();
  return <AutoLikeWatcher />;
}
