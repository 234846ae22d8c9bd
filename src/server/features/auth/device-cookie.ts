import type { FastifyReply } from 'fastify';
import type { Db } from '@server/db/database';
import { trustDevice } from './login-lockout';

export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * Marks the browser of this request as the member's own (docs/login-lockout.md): its login
 * failures then have their own pool that a stranger's failures cannot fill. Given at login
 * and also where the member proves who they are without the login form: signup, the
 * activation link and a password reset (issue 7 §5.2).
 */
export async function trustThisBrowser(
  db: Db,
  reply: FastifyReply,
  memberId: number,
  secure: true | 'auto',
): Promise<void> {
  setDeviceCookie(reply, await trustDevice(db, memberId), secure);
}

export function setDeviceCookie(reply: FastifyReply, token: string, secure: true | 'auto'): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
