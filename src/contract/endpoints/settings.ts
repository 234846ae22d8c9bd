import { defineEndpoint } from '@contract/endpoint';
import { settingsRoutes } from '@contract/api-routes/settings';
import {
  companyInfoAnswerSchema,
  interestsAnswerSchema,
  regionsAnswerSchema,
  settingsAnswerSchema,
  settingsQuerySchema,
} from '@contract/settings';

// spec §7: fetched once per visit and kept by the client.
export const settingsApi = {
  settings: defineEndpoint({
    ...settingsRoutes.settings,
    query: settingsQuerySchema,
    answer: settingsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  companyInfo: defineEndpoint({
    ...settingsRoutes.companyInfo,
    answer: companyInfoAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  interests: defineEndpoint({
    ...settingsRoutes.interests,
    answer: interestsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  regions: defineEndpoint({
    ...settingsRoutes.regions,
    answer: regionsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
