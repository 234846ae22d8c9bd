import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { matchPath, useLocation, useSearchParams } from 'react-router';
import type { DiscoveryCard } from '@contract/discovery';
import { MEMBER_LANDING_ROUTES } from '@contract/member-landing-routes';
import { likesApi } from '@web/api/endpoints';
import { ROUTES, toRouterPath } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { useUser } from '@web/api/user-api';
import { likePopupDelay } from '@web/components/like-popup-delay';
import { isMembersArea } from '@web/components/members-area';
import { NewLikeModal } from '@web/components/new-like-modal';

/** How often auto-like.php is asked while the member stays in the members area. */
export const AUTO_LIKE_CHECK_MS = 2 * 60_000;

// A member landing page hands t on to the member's own page, where a member lands (issue 29
// item 18): read there, not on the landing that is being left.
const MEMBER_LANDING_PATHS = MEMBER_LANDING_ROUTES.map((name) => toRouterPath(ROUTES[name]));
const isMemberLanding = (pathname: string) =>
  MEMBER_LANDING_PATHS.some((path) => matchPath(path, pathname) !== null);

/**
 * Auto-likes (spec §4, §7): on entering the members area, then every 2 minutes while there and
 * the tab is visible, asks GET /api/auto-like.php; a profile it answers shows in the new-like
 * modal. Also the ?t= like popup of spec §4. Logged-in members only (spec §6).
 */
export function AutoLikeWatcher() {
  const { user } = useUser();
  const loggedIn = Boolean(user);
  const { pathname } = useLocation();
  const inMembersArea = isMembersArea(pathname);
  const [params, setParams] = useSearchParams();
  const [popupDelay, setPopupDelay] = useState<number | null>(null);
  const [profile, setProfile] = useState<DiscoveryCard | null>(null);
  const showing = useRef(false);
  showing.current = profile !== null;

  const askForLike = useCallback(async () => {
    if (showing.current) return;
    try {
      const answer = await callApi(likesApi.autoLike);
      // Honest by design: only a fictional profile is ever shown as an auto-like.
      if (answer.profile?.fictional) setProfile(answer.profile);
    } catch {
      // Nothing to show; the next check tries again.
    }
  }, []);

  // Entering the members area asks at once, then every 2 minutes; never from a hidden tab,
  // and a check missed while hidden happens when the tab shows again.
  useEffect(() => {
    if (!loggedIn || !inMembersArea) return;
    let lastCheck = 0;
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      lastCheck = Date.now();
      void askForLike();
    };
    const onVisibilityChange = () => {
      if (Date.now() - lastCheck >= AUTO_LIKE_CHECK_MS) check();
    };
    check();
    const timer = setInterval(check, AUTO_LIKE_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [loggedIn, inMembersArea, askForLike]);

  // spec §4: t is removed from the URL at once; the popup comes after t seconds.
  const t = isMemberLanding(pathname) ? null : params.get('t');
  useEffect(() => {
    const delay = likePopupDelay(t);
    if (delay === null) return;
    setPopupDelay(delay);
    setParams(
      (current) => {
        current.delete('t');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [t, setParams]);

  useEffect(() => {
    if (popupDelay === null || !loggedIn) return;
    const timer = setTimeout(() => {
      setPopupDelay(null);
      void askForLike();
    }, popupDelay * 1000);
    return () => clearTimeout(timer);
  }, [popupDelay, loggedIn, askForLike]);

  if (!profile) return null;
  return (
    <Suspense fallback={null}>
      <NewLikeModal profile={profile} onClose={() => setProfile(null)} />
    </Suspense>
  );
}
