import { idParamSchema } from '@contract/ids';
import { type CookiePolicy, findPageViewer } from '@server/features/auth';
import { type TrafficSource, visibleMembers, visitorMaySearch } from '@server/features/members';
import type { PageCheck } from '@server/http/web-app';
import type { Services } from '@server/services';

/**
 * A member's page and the page that opens a chat with them answer 404 (the app's 404 page)
 * for a member the viewer may not see, by the one visible-members rule the API follows
 * (issue 29 item 17). A visitor who may not see members gets the page, which asks them to
 * log in, for any id alike: its status must not tell which members exist.
 */
export function memberPageChecks(
  { db }: Pick<Services, 'db'>,
  cookies: Pick<CookiePolicy, 'sessionCookie'>,
): Record<'members-id' | 'members-id-chat', PageCheck> {
  const check: PageCheck = async (request, params) => {
    const id = idParamSchema.safeParse(params.id);
    if (!id.success) return false;
    const viewer = await findPageViewer(db, cookies, request);
    if (!viewer && !visitorMaySearch(request.site.settings, request.query as TrafficSource))
      return true;
    if (viewer?.id === id.data) return true;
    const visible = await visibleMembers(
      db.selectFrom('members').select('members.id').where('members.id', '=', id.data),
      { siteId: request.site.id, memberId: viewer?.id ?? null },
    ).executeTakeFirst();
    return visible !== undefined;
  };
  return { 'members-id': check, 'members-id-chat': check };
}
