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
import { accountRoutes } from '@contract/api-routes/account';
import { featuredAnswerSchema } from '@contract/members';

/** Signup, activation, password reset and the member's own e-mail and password. */
export const accountApi = {
  signUp: defineEndpoint({
    ...accountRoutes.signUp,
    body: signupRequestSchema,
    answer: userAnswerSchema,
    errors: ['email_taken', 'signups_closed', 'invite_invalid'],
    access: 'anyone',
  }),
  /** Members to suggest right after signup (spec §2 signup-matches). */
  signupMatches: defineEndpoint({
    ...accountRoutes.signupMatches,
    answer: featuredAnswerSchema,
    errors: [],
    access: 'member',
  }),
  completeSignup: defineEndpoint({
    ...accountRoutes.completeSignup,
    body: completeSignupRequestSchema,
    answer: userAnswerSchema,
    errors: [],
    access: 'member',
  }),
  resendActivationMail: defineEndpoint({
    ...accountRoutes.resendActivationMail,
    body: z.object({}).optional(),
    answer: okAnswerSchema,
    errors: ['already_active'],
    access: 'member',
  }),
  /** The link in the activation mail: redirects to /activate/done or /activate/error (§2). */
  activate: defineEndpoint({
    ...accountRoutes.activate,
    query: z.object({ token: z.string().max(200).optional() }),
    errors: [],
    access: 'anyone',
  }),
  account: defineEndpoint({
    ...accountRoutes.account,
    answer: accountAnswerSchema,
    errors: [],
    access: 'member',
  }),
  changeEmail: defineEndpoint({
    ...accountRoutes.changeEmail,
    body: mailChangeRequestSchema,
    answer: okAnswerSchema,
    errors: ['password_wrong', 'email_taken'],
    access: 'member',
  }),
  confirmMailChange: defineEndpoint({
    ...accountRoutes.confirmMailChange,
    body: tokenRequestSchema,
    answer: okAnswerSchema,
    errors: ['link_invalid', 'email_taken'],
    access: 'anyone',
  }),
  changePassword: defineEndpoint({
    ...accountRoutes.changePassword,
    body: passwordChangeRequestSchema,
    answer: okAnswerSchema,
    errors: ['password_wrong'],
    access: 'member',
  }),
  requestPasswordReset: defineEndpoint({
    ...accountRoutes.requestPasswordReset,
    body: resetRequestSchema,
    answer: okAnswerSchema,
    errors: ['email_not_found', 'reset_limit_reached'],
    access: 'anyone',
  }),
  resetPassword: defineEndpoint({
    ...accountRoutes.resetPassword,
    body: resetDoRequestSchema,
    answer: okAnswerSchema,
    errors: ['link_invalid'],
    access: 'anyone',
  }),
};
