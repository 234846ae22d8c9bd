import { defineEndpoint } from '@contract/endpoint';
import { featuredAnswerSchema, trafficSourceQuerySchema } from '@contract/members';

/** Lists of member cards. */
export const membersApi = {
  /** The landing page's strip; for visitors only where logged-out search allows (spec §6). */
  featured: defineEndpoint({
    method: 'GET',
    path: '/api/featured.php',
    query: trafficSourceQuerySchema,
    answer: featuredAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
