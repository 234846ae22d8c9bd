import type { FastifyReply } from 'fastify';
import type { Config } from '@server/config';

const STAFF_DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export interface StaffCookies {
  session: string;
  device: string;
  secure: true | 'auto';
}

/**
 * The staff session has its own cookie, never the members' one (issue 30 item 1). In
 * production with the __Host- prefix, as the members' (cookie-policy.ts). SameSite=Strict:
 * the console is never entered from a link on another site.
 */
export function staffCookiesOf(config: Pick<Config, 'NODE_ENV'>): StaffCookies {
  const production = config.NODE_ENV === 'production';
  return {
    session: production ? '__Host-staff_sid' : 'staff_sid',
    device: 'staff_device',
    secure: production ? true : 'auto',
  };
}

export function setStaffDeviceCookie(reply: FastifyReply, cookies: StaffCookies, token: string) {
  reply.setCookie(cookies.device, token, {
    path: '/api/admin/',
    httpOnly: true,
    sameSite: 'strict',
    secure: cookies.secure,
    maxAge: STAFF_DEVICE_MAX_AGE_SECONDS,
  });
}
