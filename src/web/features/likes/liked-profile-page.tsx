import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { likesApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { NotFoundPage } from '@web/components/error-page';
import { RequireLogin } from '@web/components/require-login';
import { queryKeys } from '@web/api/query-keys';

/** Clears the new flag of one liked-by entry, then shows that member's page. */
function OpenLikedProfile({ id }: { id: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Not tied to this page: it hands over to the member's page at once. The badge, the
    // title count and the lists refresh when the server has cleared the flag.
    void callApi(likesApi.seen, { body: { profile: id } })
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.likes.all }))
      .catch(() => undefined);
  }, [id, queryClient]);
  return <Navigate to={pathFor('members-id', { id })} replace />;
}

/** /likes/m/{id}: opens a profile that liked the member and clears its new flag (spec §4). */
export function LikedProfilePage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <RequireLogin>
      <OpenLikedProfile id={id} />
    </RequireLogin>
  );
}
