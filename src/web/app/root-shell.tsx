import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { SignupModal } from '@web/features/auth/signup-modal';
import { useLiveBadges } from '@web/components/live-counts';
import { RouteProgressBar } from '@web/components/route-progress-bar';
import { captureTrackingValues } from '@web/components/tracking-values';
import { AutoLikeWatcher } from './auto-like-watcher';
import { useBounceLogging } from './use-bounce-logging';
import { useRealtime } from './use-realtime';
import { useSessionSync } from './use-session-sync';

/** The root of every route: shared behaviour that does not belong to a layout. */
export function RootShell() {
  const { t } = useTranslation();
  useSessionSync();
  useRealtime();
  useLiveBadges();
  useEffect(() => captureTrackingValues(window.location.search), []);
  useBounceLogging();
  return (
    <>
      <a className="visually-hidden-focusable position-absolute m-2 btn btn-light" href="#content">
        {t('common.skipToContent')}
      </a>
      <RouteProgressBar />
      <Outlet />
      <SignupModal />
      <AutoLikeWatcher />
      <ScrollRestoration />
    </>
  );
}
