import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '@web/components/error-page';
import { isChunkLoadFailure, reloadOnceForChunkFailure } from './chunk-reload';

/** Errors thrown while loading or rendering a route end up here (spec §8 error page). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadFailure(error) && reloadOnceForChunkFailure()) return null;
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        statusCode={error.status}
        message={error.status === 404 ? undefined : error.statusText}
      />
    );
  }
  return <ErrorPage statusCode={500} />;
}
