import { callApi } from '@web/api/call-api';
import { visitsApi } from '@web/api/endpoints';
import { landingPage, trackingValues } from '@web/components/tracking-values';

const STARTED_KEY = 'visit-started';
let startedWithoutStorage = false;

/** Whether this tab's session already told its start; marks it told. */
function isTold(): boolean {
  try {
    if (sessionStorage.getItem(STARTED_KEY)) return true;
    sessionStorage.setItem(STARTED_KEY, '1');
    return false;
  } catch {
    // Storage refused (a private window): once per page load.
    const told = startedWithoutStorage;
    startedWithoutStorage = true;
    return told;
  }
}

/**
 * Issue 30 item 9: tells the server once per tab session that a visit began, with the page it
 * began on and its traffic source (after captureTrackingValues). A reload or a route change
 * is the same visit; the server decides whether it counts (not for a member, docs/
 * operator-console.md). A failure is only a visit not counted: nothing is shown or retried.
 */
export function tellVisitStart(path: string): void {
  if (isTold()) return;
  const { network } = trackingValues();
  callApi(visitsApi.visit, {
    body: { path: landingPage() ?? path, ...(network ? { network } : {}) },
  }).catch(() => undefined);
}
