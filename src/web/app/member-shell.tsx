import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveBadges } from '@web/components/live-counts';
import { AutoLikeWatcher } from './auto-like-watcher';
import { followDataOwner } from './data-owner';
import { useAfterFirstPaint } from './use-after-first-paint';

export { settleDataOwner } from './data-owner';
import { useMemberSessionSync } from './use-member-session-sync';
import { useRealtime } from './use-realtime';

// The member-only parts of the shell, one chunk that a visitor's first load does without
// (issue 25 item 6): member-shell-parts.tsx loads it once the user record names a member.
export { MemberNav } from '@web/components/member-nav';
export { SiteBanners } from '@web/components/site-banners';

/**
 * What the app root does for a logged-in member only: forgetting what the member leaves in
 * the browser at a logout or a change of account (issue 29 item 1, data-owner.ts) and the
 * user record's refresh and the language's PUT (use-member-session-sync.ts) from the first
 * render; the live parts once the first render is painted (issue 32 item 10).
 */
export function MemberRoot() {
  const queryClient = useQueryClient();
  useEffect(() => followDataOwner(queryClient), [queryClient]);
  useMemberSessionSync();
  return useAfterFirstPaint() ? <MemberLive /> : null;
}

/**
 * The socket (issue 9 §4), the title count and app badge (spec §4), auto-likes and the ?t=
 * like popup (spec §4, §6: "like popups are for logged-in users only"). None of them shows
 * in the first paint (the menu's badges read the same counts themselves), so they start
 * after it: the socket's client and its frame schemas load then, not before the page shows.
 */
function MemberLive() {
  useRealtime();
  useLiveBadges();
  return <AutoLikeWatcher />;
}
