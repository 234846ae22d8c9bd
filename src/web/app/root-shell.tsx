import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Outlet } from 'react-router';
import { useSignupModal } from '@web/components/signup-modal-store';
import { RouteProgressBar } from '@web/components/route-progress-bar';
import { captureLandingPage, captureTrackingValues } from '@web/components/tracking-values';
import { MemberRoot } from './member-shell-parts';
import { useBounceLogging } from './use-bounce-logging';
import { ScrollRestoration } from './scroll-restoration';
import { useSessionSync } from './use-session-sync';
import { tellVisitStart } from './visit-start';

const SignupModal = lazy(() =>
  import('@web/features/auth/signup-modal').then((m) => ({ default: m.SignupModal })),
);

/**
 * The signup modal's code (the form and its checks) loads the first time it opens, not with
 * every first page (issue 25 item 6); then it stays mounted, so it closes as it always did.
 */
function SignupModalOnceOpened() {
  const { open } = useSignupModal();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}

/** The root of every route: shared behaviour that does not belong to a layout. */
export function RootShell() {
  const { t } = useTranslation();
  useSessionSync();
  useEffect(() => {
    captureTrackingValues(window.location.search);
    captureLandingPage(window.location.pathname);
    tellVisitStart(window.location.pathname);
  }, []);
  useBounceLogging();
  return (
    <>
      <a className="visually-hidden-focusable position-absolute m-2 btn btn-light" href="#content">
        {t('common.skipToContent')}
      </a>
      <RouteProgressBar />
      <Outlet />
      <SignupModalOnceOpened />
      {/* The socket, live counts and auto-likes: a chunk of their own (member-shell.tsx). */}
      <MemberRoot />
      <ScrollRestoration />
    </>
  );
}
