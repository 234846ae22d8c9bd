import { defineEndpoint } from '@contract/endpoint';
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
    method: 'GET',
    path: '/api/settings.php',
    query: settingsQuerySchema,
    answer: settingsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  companyInfo: defineEndpoint({
    method: 'GET',
    path: '/api/companyinfo.php',
    answer: companyInfoAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  interests: defineEndpoint({
    method: 'GET',
    path: '/api/interests.php',
    answer: interestsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  regions: defineEndpoint({
    method: 'GET',
    path: '/api/regions.php',
    answer: regionsAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};
