import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { staffRoutes } from '@contract/api-routes/staff';
import {
  auditAnswerSchema,
  auditQuerySchema,
  staffChangeRequestSchema,
  staffCreateRequestSchema,
  staffCreatedAnswerSchema,
  staffListAnswerSchema,
  staffLoginRequestSchema,
  staffMeAnswerSchema,
} from '@contract/staff';

/** Issue 30 items 1 and 2: staff log in at /admin with password and TOTP; owners manage staff. */
export const staffApi = {
  /** login_failed whichever part was wrong; account_locked with the minutes left. */
  logIn: defineEndpoint({
    ...staffRoutes.logIn,
    body: staffLoginRequestSchema,
    answer: staffMeAnswerSchema,
    errors: ['login_failed', 'account_locked'],
    access: 'anyone',
  }),
  logOut: defineEndpoint({
    ...staffRoutes.logOut,
    answer: okAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  me: defineEndpoint({
    ...staffRoutes.me,
    answer: staffMeAnswerSchema,
    errors: [],
    access: { staff: ['owner', 'admin', 'moderator', 'operator'] },
  }),
  list: defineEndpoint({
    ...staffRoutes.list,
    answer: staffListAnswerSchema,
    errors: [],
    access: { staff: ['owner'] },
  }),
  /** The new member's TOTP secret and recovery codes are shown this once. */
  create: defineEndpoint({
    ...staffRoutes.create,
    body: staffCreateRequestSchema,
    answer: staffCreatedAnswerSchema,
    errors: ['email_taken'],
    access: { staff: ['owner'] },
  }),
  /** Ends the changed member's sessions at once, on every instance. */
  change: defineEndpoint({
    ...staffRoutes.change,
    body: staffChangeRequestSchema,
    answer: staffMeAnswerSchema,
    errors: [],
    access: { staff: ['owner'] },
  }),
  /** Read and filter only: no endpoint writes or deletes the audit log. */
  audit: defineEndpoint({
    ...staffRoutes.audit,
    query: auditQuerySchema,
    answer: auditAnswerSchema,
    errors: [],
    access: { staff: ['owner'] },
  }),
};
