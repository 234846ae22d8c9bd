import type { ApiRouteTable } from '@contract/endpoint';

export const accountRoutes = {
  signUp: { method: 'POST', path: '/api/signup.php' },
  signupMatches: { method: 'GET', path: '/api/signup-matches.php' },
  completeSignup: { method: 'POST', path: '/api/complete-signup.php' },
  resendActivationMail: { method: 'POST', path: '/api/activation-mail.php' },
  activate: { method: 'GET', path: '/api/activate.php' },
  account: { method: 'GET', path: '/api/account.php' },
  changeEmail: { method: 'PUT', path: '/api/email.php' },
  confirmMailChange: { method: 'POST', path: '/api/mail-change-do.php' },
  changePassword: { method: 'PUT', path: '/api/password.php' },
  requestPasswordReset: { method: 'POST', path: '/api/reset-password.php' },
  resetPassword: { method: 'POST', path: '/api/reset-password-do.php' },
} as const satisfies ApiRouteTable;
