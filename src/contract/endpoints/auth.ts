import {
  languageRequestSchema,
  loginRequestSchema,
  okAnswerSchema,
  userAnswerSchema,
} from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { authRoutes } from '@contract/api-routes/auth';

// spec §7: GET/POST/PUT /api/user.php and GET /api/logout.php.
export const authApi = {
  /** The logged-in member's record (spec §3), or null for a visitor. */
  user: defineEndpoint({
    ...authRoutes.user,
    answer: userAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  /**
   * spec §8: login_failed, or account_locked with the minutes left; account_banned for a
   * banned member who gave the right password (issue 30 item 5); a deleted account within
   * its 14 days answers account_deleted_restorable (issue 31 item 7: the undo is offered).
   */
  logIn: defineEndpoint({
    ...authRoutes.logIn,
    body: loginRequestSchema,
    answer: userAnswerSchema,
    errors: ['login_failed', 'account_locked', 'account_banned', 'account_deleted_restorable'],
    access: 'anyone',
  }),
  changeLanguage: defineEndpoint({
    ...authRoutes.changeLanguage,
    body: languageRequestSchema,
    answer: userAnswerSchema,
    errors: [],
    access: 'member',
  }),
  logOut: defineEndpoint({
    ...authRoutes.logOut,
    answer: okAnswerSchema,
    errors: [],
    access: 'anyone',
    changesState: true,
  }),
};
