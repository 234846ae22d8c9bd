import { defineEndpoint } from '@contract/endpoint';
import { landersRoutes } from '@contract/api-routes/landers';
import { landerAnswerSchema, landerQuerySchema } from '@contract/landers';

/** The landers of spec §2 (issue 25 item 1). */
export const landersApi = {
  /**
   * The members a lander shows, for the current site and its variant (`slug`). A slug on
   * tinderswipe is not_found (spec §2: it takes none); an unknown slug gives the default.
   */
  lander: defineEndpoint({
    ...landersRoutes.lander,
    query: landerQuerySchema,
    answer: landerAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
