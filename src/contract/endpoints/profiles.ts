import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { profilesRoutes } from '@contract/api-routes/profiles';
import { idParamSchema } from '@contract/ids';
import {
  invisibleRequestSchema,
  memberProfileAnswerSchema,
  ownProfileAnswerSchema,
  profileUpdateSchema,
} from '@contract/profiles';
import { trafficSourceQuerySchema } from '@contract/members';

/** The member's own profile, and other members' profiles as the viewer may see them. */
export const profilesApi = {
  ownProfile: defineEndpoint({
    ...profilesRoutes.ownProfile,
    answer: ownProfileAnswerSchema,
    errors: [],
    access: 'member',
  }),
  saveProfile: defineEndpoint({
    ...profilesRoutes.saveProfile,
    body: profileUpdateSchema,
    answer: ownProfileAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** Visitors only where logged-out search is allowed (spec §6): else authentication_required. */
  member: defineEndpoint({
    ...profilesRoutes.member,
    query: trafficSourceQuerySchema.extend({ id: idParamSchema }),
    answer: memberProfileAnswerSchema,
    errors: ['authentication_required'],
    access: 'anyone',
  }),
  /** Invisible mode (spec §1): hidden from every list and lookup. */
  setInvisible: defineEndpoint({
    ...profilesRoutes.setInvisible,
    body: invisibleRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
