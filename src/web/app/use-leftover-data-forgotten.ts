import { useEffect } from 'react';
import { useUser } from '@web/api/user-api';
import { dataOwnerLeft } from './data-owner-key';
import { loadMemberShell } from './member-shell-parts';

/**
 * When user.php names no one but a member's mark is still in the browser (their session ended
 * while the app was closed, or they logged out in another tab), what they left is forgotten
 * (issue 29 item 1). The code that does it is in the member chunk, loaded only then: a
 * visitor's first load does without it (issue 25 item 6).
 */
export function useLeftoverDataForgotten(): void {
  const { user, isLoading } = useUser();
  const visitor = !user && !isLoading;
  useEffect(() => {
    if (!visitor || !dataOwnerLeft()) return;
    loadMemberShell()
      .then((shell) => shell.settleDataOwner(null))
      .catch((error: unknown) => console.warn('the caches could not be emptied', error));
  }, [visitor]);
}
