import {
  matchFinderAnswerSchema,
  matchFinderAnswersSchema,
  searchAnswerSchema,
  searchQuerySchema,
} from '@contract/discovery';
import { defineEndpoint } from '@contract/endpoint';
import { membersRoutes } from '@contract/api-routes/members';
import { featuredAnswerSchema, trafficSourceQuerySchema } from '@contract/members';

/** Lists of member cards. */
export const membersApi = {
  /** The landing page's strip; for visitors only where logged-out search allows (spec §6). */
  featured: defineEndpoint({
    ...membersRoutes.featured,
    query: trafficSourceQuerySchema,
    answer: featuredAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  /**
   * spec §2 members: pages of 20 by cursor, numResults, similar results when few match.
   * Visitors only where logged-out search allows it (spec §6): else authentication_required.
   */
  search: defineEndpoint({
    ...membersRoutes.search,
    query: searchQuerySchema,
    answer: searchAnswerSchema,
    errors: ['authentication_required'],
    access: 'anyone',
  }),
  /** spec §2 match-finder: the kept answers and the members who fit them. */
  matchFinder: defineEndpoint({
    ...membersRoutes.matchFinder,
    answer: matchFinderAnswerSchema,
    errors: [],
    access: 'member',
  }),
  saveMatchFinder: defineEndpoint({
    ...membersRoutes.saveMatchFinder,
    body: matchFinderAnswersSchema,
    answer: matchFinderAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
