import { useEffect, useRef } from 'react';
import Spinner from 'react-bootstrap/Spinner';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** The button's text, e.g. "More members". */
  label: string;
}

/**
 * The end of a paged list (spec §4: pages are appended): the next page loads when this comes
 * into view, and a visible button does the same for keyboards and screen readers.
 */
export function LoadMore({ hasMore, loading, onMore, label }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="d-flex justify-content-center py-4">
      <button
        type="button"
        className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) onMore();
        }}
      >
        {loading && <Spinner animation="border" size="sm" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
