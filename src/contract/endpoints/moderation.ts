import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { moderationRoutes } from '@contract/api-routes/moderation';
import {
  banRequestSchema,
  memberCardAnswerSchema,
  memberCardQuerySchema,
  memberLookupAnswerSchema,
  memberLookupQuerySchema,
  photoDecisionAnswerSchema,
  photoDecisionRequestSchema,
  photoQueueAnswerSchema,
  reportResolutionRequestSchema,
  reportsAnswerSchema,
  unbanRequestSchema,
} from '@contract/moderation';

/**
 * Who moderates: moderators, and admins and owners who stand in. Operators never: the
 * member card shows e-mail and birth date (issue 30 "an operator cannot read e-mail
 * addresses, birth dates or payments").
 */
const MODERATION = { staff: ['owner', 'admin', 'moderator'] } as const;

/** Issue 30 item 5: moderation. Every id named is looked up on the request's site only. */
export const moderationApi = {
  /** By e-mail (exact), id or the start of the name. */
  memberLookup: defineEndpoint({
    ...moderationRoutes.memberLookup,
    query: memberLookupQuerySchema,
    answer: memberLookupAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  memberCard: defineEndpoint({
    ...moderationRoutes.memberCard,
    query: memberCardQuerySchema,
    answer: memberCardAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  /** Ends the member's sessions and sockets on every instance; hides them from every list. */
  ban: defineEndpoint({
    ...moderationRoutes.ban,
    body: banRequestSchema,
    answer: memberCardAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  unban: defineEndpoint({
    ...moderationRoutes.unban,
    body: unbanRequestSchema,
    answer: memberCardAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  photoQueue: defineEndpoint({
    ...moderationRoutes.photoQueue,
    answer: photoQueueAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  /** Two moderators deciding at once: the second gets photo_already_decided. */
  photoDecision: defineEndpoint({
    ...moderationRoutes.photoDecision,
    body: photoDecisionRequestSchema,
    answer: photoDecisionAnswerSchema,
    errors: ['photo_already_decided'],
    access: MODERATION,
  }),
  reports: defineEndpoint({
    ...moderationRoutes.reports,
    answer: reportsAnswerSchema,
    errors: [],
    access: MODERATION,
  }),
  resolveReport: defineEndpoint({
    ...moderationRoutes.resolveReport,
    body: reportResolutionRequestSchema,
    answer: okAnswerSchema,
    errors: ['report_already_resolved'],
    access: MODERATION,
  }),
};
