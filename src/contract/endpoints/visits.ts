import { defineEndpoint } from '@contract/endpoint';
import { visitsRoutes } from '@contract/api-routes/visits';
import { visitAnswerSchema, visitRequestSchema } from '@contract/visits';

export const visitsApi = {
  /**
   * Issue 30 item 9: the start of a visitor's session in a tab, sent once by the web app
   * (features/visits counts it; a member's session or a busy address is not counted).
   */
  visit: defineEndpoint({
    ...visitsRoutes.visit,
    body: visitRequestSchema,
    answer: visitAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
