import { memberLandingRoutes } from '@contract/api-routes/member-landing';
import { defineEndpoint } from '@contract/endpoint';
import { memberLandingAnswerSchema, memberLandingQuerySchema } from '@contract/member-landing';

/** The member landing pages (issue 25 item 2): the one member an ad is for. */
export const memberLandingApi = {
  /**
   * Any visitor: the ad promised this member, whatever logged_out_search says about browsing
   * others. Members nobody may see (visibleMembers) answer not_found, as missing ones do.
   */
  member: defineEndpoint({
    ...memberLandingRoutes.member,
    query: memberLandingQuerySchema,
    answer: memberLandingAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
