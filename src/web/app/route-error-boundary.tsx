import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page';

interface BoundaryProps {
  /** The path shown: a new one clears the error, as a new route would. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    // Record where it failed; navigating elsewhere gives the new page its chance.
    if (state.failedAt === null) return { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override render() {
    if (this.state.error !== null) return <RouteErrorPage error={this.state.error} />;
    return this.props.children;
  }
}

/**
 * What the data router's errorElement did, for the declarative router (issue 25 item 6): an
 * error thrown while loading or rendering a page shows the error page (spec §8) in place of
 * the layout, and the next navigation clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
