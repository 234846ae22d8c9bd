import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { blockedMembersAnswerSchema, memberIdSchema } from '@contract/profiles';

/** Blocking (spec §1, §6): blocked members can neither view nor contact the blocker. */
export const blocksApi = {
  block: defineEndpoint({
    method: 'POST',
    path: '/api/block.php',
    body: memberIdSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/api/block.php',
    body: memberIdSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** The viewer's own blocks only. */
  blocked: defineEndpoint({
    method: 'GET',
    path: '/api/blocks.php',
    answer: blockedMembersAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
