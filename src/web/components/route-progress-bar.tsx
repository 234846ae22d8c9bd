import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { usePageLoading } from './page-loading';

// spec §9 "Progress bar: throttle 200 ms, duration 5000 ms": a change of route that is done
// within 200 ms shows nothing; a slower one shows a bar that fills over 5 seconds.
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

/**
 * The top progress bar while the next route's code loads (page-loading.ts; pages load no
 * data through the router).
 * An indeterminate progressbar with a name (docs/decisions.md): assistive technology finds
 * it, and the new page's title says when loading is over. Fixed at the top: no layout shift.
 */
export function RouteProgressBar() {
  const { t } = useTranslation();
  const busy = usePageLoading();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  const style = { '--route-progress-duration': `${PROGRESS_DURATION_MS}ms` } as CSSProperties;
  return (
    <div className="route-progress" role="progressbar" aria-label={t('common.loading')}>
      <div className="route-progress-bar" style={style} />
    </div>
  );
}
