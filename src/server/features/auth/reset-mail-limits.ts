import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from './device-cookie';
import { UNTRUSTED_SCOPE, deviceScope } from './login-lockout';
import type { Services } from '@server/services';

/** spec §8: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.' */
export const RESET_MAILS_PER_DAY = 3;
/** All requesters together may not flood a member's inbox. */
export const RESET_MAILS_PER_DAY_FROM_STRANGERS = 10;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The daily reset-mail limit, counted per address AND per requester (issue 7 §1.6): a
 * stranger who burns three mails from their network burns only their own three. The
 * member's own browser (device cookie, docs/login-lockout.md) has its own pool that even
 * the overall cap on strangers cannot empty.
 */
export async function withinResetMailLimits(
  { db, rateLimiter }: Pick<Services, 'db' | 'rateLimiter'>,
  request: FastifyRequest,
  memberId: number,
): Promise<boolean> {
  const scope = await deviceScope(db, memberId, request.cookies[DEVICE_COOKIE]);
  if (scope !== UNTRUSTED_SCOPE) {
    return rateLimiter.hit(
      `reset-mail:${memberId}:device:${scope}`,
      RESET_MAILS_PER_DAY,
      DAY_SECONDS,
    );
  }
  return (
    (await rateLimiter.hit(
      `reset-mail:${memberId}:ip:${request.ip}`,
      RESET_MAILS_PER_DAY,
      DAY_SECONDS,
    )) &&
    (await rateLimiter.hit(
      `reset-mail:${memberId}:strangers`,
      RESET_MAILS_PER_DAY_FROM_STRANGERS,
      DAY_SECONDS,
    ))
  );
}
