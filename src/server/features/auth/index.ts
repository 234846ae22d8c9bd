import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { activationRoutes } from './activation-routes';
import { sendAccountMail } from './auth-mails';
import { authRoutes } from './auth-routes';
import { inviteRoutes } from './invite-routes';
import { mailChangeRoutes } from './mail-change-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { signupRoutes } from './signup-routes';

// The auth feature: becoming a member and proving who you are. Signup, activation, login,
// logout, password reset, sessions, CSRF and the login lockout (spec §2, §5, §8).
export { appSecret } from './app-secret';
export { enqueueAccountMail, siteOriginOf } from './auth-mails';
export { isCommonPassword } from './common-passwords';
export {
  type LockoutPolicy,
  UNTRUSTED_SCOPE,
  clearLoginFailures,
  lockoutMinutesLeft,
  recordLoginFailure,
} from './login-lockout';
export { hashToken, newToken } from './tokens';
export { type CookiePolicy, cookiePolicyOf } from './cookie-policy';
export { csrfPlugin } from './csrf-plugin';
export { createEmailToken } from './email-tokens';
export { findPageViewer } from './page-viewer';
export { hashPassword, verifyPassword } from './password-hashing';
export { sessionPlugin } from './session-plugin';
export { findLiveSessionHashes, findSocketSession } from './session-queries';
export { presentLoggedInUser } from './user-presenter';

export async function authFeature(app: FastifyInstance, services: Services) {
  services.jobs.work('mail.account', (job) => sendAccountMail(services, job));
  authRoutes(app, services);
  signupRoutes(app, services);
  activationRoutes(app, services);
  passwordResetRoutes(app, services);
  mailChangeRoutes(app, services);
  inviteRoutes(app, services);
}
