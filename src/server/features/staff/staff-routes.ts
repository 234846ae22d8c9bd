import type { FastifyInstance } from 'fastify';
import { staffApi } from '@contract/endpoints/staff';
import { presentStaff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { type StaffCookies, setStaffDeviceCookie } from './staff-cookies';
import { logInStaff } from './staff-login';
import { STAFF_SESSION_HOURS, createStaffSession, deleteStaffSession } from './staff-sessions';
import { changeStaff, createStaff, listStaff } from './staff-table';
import { otpauthUrl } from './totp';

const LOGIN_WINDOW_SECONDS = 15 * 60;

// Issue 30 item 1: log in at /admin with password and TOTP; owners manage staff.
export function staffRoutes(app: FastifyInstance, services: Services, cookies: StaffCookies) {
  const { db, config, rateLimiter } = services;

  registerEndpoint(app, staffApi.logIn, async ({ request, reply, body }) => {
    // Per address, as the members' login (docs/login-lockout.md).
    const limit = config.LOGINS_PER_IP_PER_15_MINUTES;
    if (!(await rateLimiter.hit(`staff-login-ip:${request.ip}`, limit, LOGIN_WINDOW_SECONDS)))
      throw new AppError('too_many_requests', 'rate_limited');
    const { staff, newDeviceToken } = await logInStaff(db, body, request.cookies[cookies.device], {
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES,
    });
    if (newDeviceToken) setStaffDeviceCookie(reply, cookies, newDeviceToken);
    const previous = request.cookies[cookies.session];
    if (previous) await deleteStaffSession(db, previous);
    reply.setCookie(cookies.session, await createStaffSession(db, staff.id), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: cookies.secure,
      maxAge: STAFF_SESSION_HOURS * 3600,
    });
    reply.header('cache-control', 'no-store');
    return { staff: presentStaff(staff) };
  });

  registerEndpoint(app, staffApi.logOut, async ({ request, reply }) => {
    const token = request.cookies[cookies.session];
    if (token) await deleteStaffSession(db, token);
    reply.clearCookie(cookies.session, { path: '/', secure: cookies.secure });
    return { ok: true as const };
  });

  registerEndpoint(app, staffApi.me, async ({ reply, staff }) => {
    reply.header('cache-control', 'no-store');
    return { staff: presentStaff(staff) };
  });

  registerEndpoint(app, staffApi.list, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { staff: (await listStaff(db)).map(presentStaff) };
  });

  registerEndpoint(app, staffApi.create, async ({ request, reply, staff, body }) => {
    const created = await createStaff(db, staff.id, body);
    reply.header('cache-control', 'no-store');
    return {
      staff: presentStaff(created.staff),
      totp_secret: created.totpSecret,
      otpauth_url: otpauthUrl(created.totpSecret, created.staff.email, request.site.settings.name),
      recovery_codes: created.recoveryCodes,
    };
  });

  registerEndpoint(app, staffApi.change, async ({ request, staff, body }) => {
    const { staff: staffId, ...changes } = body;
    const changed = await changeStaff(db, staff.id, staffId, changes, request.site.id);
    return { staff: presentStaff(changed) };
  });
}
