import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useChatsLiveUpdates, useTotalUnread } from '@web/api/chats-query';
import { likesQuery } from '@web/api/likes-query';
import { useUser } from '@web/api/user-api';
import { useTitleCount } from './use-document-title';

/**
 * spec §3 "Chat/likes state": total unread messages and total new likes. Likes are read (and
 * refetched every 60 s, spec §4) only while logged in, and so are the chats (chats.php's
 * total_unread, reloaded on every new message).
 */
export function useLiveCounts() {
  const { user } = useUser();
  const { data: likes } = useQuery({ ...likesQuery, enabled: Boolean(user) });
  const newLikes = user ? (likes?.new_likes ?? 0) : 0;
  const unreadMessages = useTotalUnread();
  return { newLikes, unreadMessages, total: newLikes + unreadMessages };
}

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** spec §4: the title count and the app badge (where the browser has one) show the sum. */
export function useLiveBadges() {
  const { total } = useLiveCounts();
  useChatsLiveUpdates();
  useTitleCount(total);
  useEffect(() => {
    const badging = navigator as BadgingNavigator;
    if (!badging.setAppBadge) return;
    const done = total > 0 ? badging.setAppBadge(total) : badging.clearAppBadge?.();
    // A browser may refuse (no installed app, no permission): the title still shows it.
    void done?.catch(() => undefined);
    // Logging out unmounts the member's counts (member-shell.tsx): the badge goes with them.
    return () => void badging.clearAppBadge?.().catch(() => undefined);
  }, [total]);
}
