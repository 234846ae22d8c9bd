import {
  languageRequestSchema,
  loginRequestSchema,
  okAnswerSchema,
  userAnswerSchema,
} from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';

// spec §7: GET/POST/PUT /api/user.php and GET /api/logout.php.
export const authApi = {
  /** The logged-in member's record (spec §3), or null for a visitor. */
  user: defineEndpoint({
    method: 'GET',
    path: '/api/user.php',
    answer: userAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  /** spec §8: login_failed, or account_locked with the minutes left. */
  logIn: defineEndpoint({
    method: 'POST',
    path: '/api/user.php',
    body: loginRequestSchema,
    answer: userAnswerSchema,
    errors: ['login_failed', 'account_locked'],
    access: 'anyone',
  }),
  changeLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/user.php',
    body: languageRequestSchema,
    answer: userAnswerSchema,
    errors: [],
    access: 'member',
  }),
  logOut: defineEndpoint({
    method: 'GET',
    path: '/api/logout.php',
    answer: okAnswerSchema,
    errors: [],
    access: 'anyone',
    changesState: true,
  }),
};
