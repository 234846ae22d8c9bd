import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { auditRoutes } from './audit-routes';
import type { StaffCookies } from './staff-cookies';
import { staffRoutes } from './staff-routes';

// The staff feature (issue 30 items 1 and 2): who runs the sites, their sessions with a
// second factor, and the audit log's reader. Each feature's console routes live in that
// feature (the inbox in chat), declared with a staff access level.
export { staffCookiesOf } from './staff-cookies';
export { staffSessionPlugin } from './staff-session-plugin';
export { type CreatedStaff, type NewStaff, createStaff } from './staff-table';
export { otpauthUrl, totpCode, timeStepOf } from './totp';

export async function staffFeature(
  app: FastifyInstance,
  { services, cookies }: { services: Services; cookies: StaffCookies },
) {
  staffRoutes(app, services, cookies);
  auditRoutes(app, services);
}
