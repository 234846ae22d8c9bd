import { z } from 'zod';
import {
  accountAnswerSchema,
  completeSignupRequestSchema,
  mailChangeRequestSchema,
  okAnswerSchema,
  passwordChangeRequestSchema,
  resetDoRequestSchema,
  resetRequestSchema,
  signupRequestSchema,
  tokenRequestSchema,
  userAnswerSchema,
} from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { featuredAnswerSchema } from '@contract/members';

/** Signup, activation, password reset and the member's own e-mail and password. */
export const accountApi = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/signup.php',
    body: signupRequestSchema,
    answer: userAnswerSchema,
    errors: ['email_taken', 'signups_closed', 'invite_invalid'],
    access: 'anyone',
  }),
  /** Members to suggest right after signup (spec §2 signup-matches). */
  signupMatches: defineEndpoint({
    method: 'GET',
    path: '/api/signup-matches.php',
    answer: featuredAnswerSchema,
    errors: [],
    access: 'member',
  }),
  completeSignup: defineEndpoint({
    method: 'POST',
    path: '/api/complete-signup.php',
    body: completeSignupRequestSchema,
    answer: userAnswerSchema,
    errors: [],
    access: 'member',
  }),
  resendActivationMail: defineEndpoint({
    method: 'POST',
    path: '/api/activation-mail.php',
    body: z.object({}).optional(),
    answer: okAnswerSchema,
    errors: ['already_active'],
    access: 'member',
  }),
  /** The link in the activation mail: redirects to /activate/done or /activate/error (§2). */
  activate: defineEndpoint({
    method: 'GET',
    path: '/api/activate.php',
    query: z.object({ token: z.string().max(200).optional() }),
    errors: [],
    access: 'anyone',
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/account.php',
    answer: accountAnswerSchema,
    errors: [],
    access: 'member',
  }),
  changeEmail: defineEndpoint({
    method: 'PUT',
    path: '/api/email.php',
    body: mailChangeRequestSchema,
    answer: okAnswerSchema,
    errors: ['password_wrong', 'email_taken'],
    access: 'member',
  }),
  confirmMailChange: defineEndpoint({
    method: 'POST',
    path: '/api/mail-change-do.php',
    body: tokenRequestSchema,
    answer: okAnswerSchema,
    errors: ['link_invalid', 'email_taken'],
    access: 'anyone',
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/password.php',
    body: passwordChangeRequestSchema,
    answer: okAnswerSchema,
    errors: ['password_wrong'],
    access: 'member',
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password.php',
    body: resetRequestSchema,
    answer: okAnswerSchema,
    errors: ['email_not_found', 'reset_limit_reached'],
    access: 'anyone',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password-do.php',
    body: resetDoRequestSchema,
    answer: okAnswerSchema,
    errors: ['link_invalid'],
    access: 'anyone',
  }),
};
