import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { onApiError } from '@web/api/api-client';
import { openSignupModal } from '@web/components/signup-modal-store';
import { queryKeys } from '@web/api/query-keys';

/**
 * Keeps the logged-in state in step with the server. Mounted once at the app root; what only
 * a member needs (the record's refresh, the language's PUT) is use-member-session-sync.ts, in
 * the member-only chunk.
 */
export function useSessionSync() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // spec §8: a 403 authentication_required on any call but user.php logs the member out. A
  // visitor asking for what needs an account (spec §6) is offered the signup modal instead.
  useEffect(
    () =>
      onApiError((error, path) => {
        if (
          error.status !== 403 ||
          error.code !== 'authentication_required' ||
          path === authApi.user.path
        )
          return;
        if (!queryClient.getQueryData(queryKeys.user)) {
          openSignupModal();
          return;
        }
        queryClient.setQueryData(queryKeys.user, null);
        void navigate(pathFor('login'));
      }),
    [navigate, queryClient],
  );
}
