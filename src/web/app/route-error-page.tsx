import { ErrorPage } from '@web/components/error-page';
import { isChunkLoadFailure, reloadOnceForChunkFailure } from './chunk-reload';

/** Errors thrown while loading or rendering a route end up here (spec §8 error page). */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadFailure(error) && reloadOnceForChunkFailure()) return null;
  return <ErrorPage statusCode={500} />;
}
