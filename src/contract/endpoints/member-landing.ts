import { memberLandingRoutes } from '@contract/api-routes/member-landing';
import { defineEndpoint } from '@contract/endpoint';
import { memberLandingAnswerSchema, memberLandingQuerySchema } from '@contract/member-landing';

/** The member landing pages (issue 25 item 2): the one member an ad is for. */
export const memberLandingApi = {
  /**
   * Members, and visitors where the site lets them see members (spec §6 logged_out_search or
   * its traffic-source variant, as member.php: issue 29 item 6). Members nobody may see
   * (visibleMembers) answer not_found, as missing ones do.
   */
  member: defineEndpoint({
    ...memberLandingRoutes.member,
    query: memberLandingQuerySchema,
    answer: memberLandingAnswerSchema,
    errors: ['authentication_required'],
    access: 'anyone',
  }),
};
