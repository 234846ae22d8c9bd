import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import type { CookiePolicy } from './cookie-policy';
import { findSessionMember } from './session-queries';

/**
 * Who asks for a page. The session hook resolves members for API calls only (pages do not
 * need it); a page whose HTTP status depends on the viewer (a member landing page of someone
 * who blocked them is a 404) asks here, once, only for that page.
 */
export async function findPageViewer(
  db: Db,
  cookies: Pick<CookiePolicy, 'sessionCookie'>,
  request: FastifyRequest,
): Promise<Member | null> {
  const token = request.cookies[cookies.sessionCookie];
  if (!token || token.length > 100) return null;
  return (await findSessionMember(db, token, request.site.id)) ?? null;
}
