import { idParamSchema } from '@contract/ids';
import { type CookiePolicy, findPageViewer } from '@server/features/auth';
import type { PageCheck } from '@server/http/web-app';
import type { Services } from '@server/services';
import { findConversationSides } from './conversation-queries';

/**
 * A conversation's page answers 404 (the app's 404 page) unless the viewer is in it, as the
 * API answers not_found for anyone else's (issue 29 item 17). A visitor gets the page, which
 * asks them to log in, for any id alike.
 */
export function conversationPageChecks(
  { db }: Pick<Services, 'db'>,
  cookies: Pick<CookiePolicy, 'sessionCookie'>,
): Record<'chats-id', PageCheck> {
  return {
    'chats-id': async (request, params) => {
      const id = idParamSchema.safeParse(params.id);
      if (!id.success) return false;
      const viewer = await findPageViewer(db, cookies, request);
      if (!viewer) return true;
      return (await findConversationSides(db, id.data, viewer.id)) !== undefined;
    },
  };
}
