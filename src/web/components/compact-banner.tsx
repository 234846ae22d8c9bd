import type { ReactNode } from 'react';

interface CompactBannerProps {
  /** What it is about: warning (the account needs the member), info (a tip), offer (money). */
  tone: 'warning' | 'info' | 'offer';
  /** The one line: all a phone shows, unless `phoneLine` is given. */
  line: ReactNode;
  /** A shorter line for a phone (below sm); `line` shows from sm up. */
  phoneLine?: ReactNode;
  /** More words, from the sm breakpoint up only. */
  detail?: ReactNode;
  /** The one thing to do about it. */
  action?: ReactNode;
  /** Only where the spec keeps a dismissal (spec §4's hide-… keys). */
  onDismiss?: () => void;
  dismissLabel?: string;
}

/**
 * The banner slot's one banner (issue 32 item 3, site-banners.tsx): a quiet band under the top
 * bar, one line and one action on a phone (_compact-banner.scss), the line and its detail
 * beside the action on wider screens. A status, so a screen reader hears it without a jump.
 */
export function CompactBanner({
  tone,
  line,
  phoneLine,
  detail,
  action,
  onDismiss,
  dismissLabel,
}: CompactBannerProps) {
  return (
    <div
      className={`compact-banner compact-banner-${tone}${onDismiss ? ' compact-banner-dismissible' : ''}`}
      role="status"
    >
      <div className="container compact-banner-row">
        <p className="compact-banner-text">
          {phoneLine ? (
            <>
              <span className="fw-semibold d-sm-none">{phoneLine}</span>
              <span className="fw-semibold d-none d-sm-inline">{line}</span>
            </>
          ) : (
            <span className="fw-semibold">{line}</span>
          )}
          {detail && <span className="d-none d-sm-inline"> {detail}</span>}
        </p>
        {action && <div className="compact-banner-action">{action}</div>}
        {onDismiss && (
          <button
            type="button"
            className="btn-close compact-banner-close"
            aria-label={dismissLabel}
            onClick={onDismiss}
          />
        )}
      </div>
    </div>
  );
}
