import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { blocksRoutes } from '@contract/api-routes/blocks';
import { blockedMembersAnswerSchema, memberIdSchema } from '@contract/profiles';

/** Blocking (spec §1, §6): blocked members can neither view nor contact the blocker. */
export const blocksApi = {
  block: defineEndpoint({
    ...blocksRoutes.block,
    body: memberIdSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  unblock: defineEndpoint({
    ...blocksRoutes.unblock,
    body: memberIdSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** The viewer's own blocks only. */
  blocked: defineEndpoint({
    ...blocksRoutes.blocked,
    answer: blockedMembersAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
