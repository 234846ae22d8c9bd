import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { sitesRoutes } from '@contract/api-routes/sites';
import {
  adminInterestsAnswerSchema,
  figuresQuerySchema,
  interestsChangeSchema,
  siteCompanyChangeSchema,
  siteCreateSchema,
  siteCreatedAnswerSchema,
  siteDetailAnswerSchema,
  siteDomainsChangeSchema,
  siteFiguresAnswerSchema,
  siteQuerySchema,
  siteSettingsChangeSchema,
  sitesAnswerSchema,
} from '@contract/site-admin';

/** Owners everywhere, admins on the sites of their scope (the handler checks the named site). */
const SITE_STAFF = { staff: ['owner', 'admin'] } as const;
/** Installation-wide things (a new site, the interests every site shares): owners only. */
const OWNERS = { staff: ['owner'] } as const;

/** Issue 30 items 6 and 9: sites, their settings, domains, company, interests and figures. */
export const sitesApi = {
  list: defineEndpoint({
    ...sitesRoutes.list,
    answer: sitesAnswerSchema,
    errors: [],
    access: SITE_STAFF,
  }),
  create: defineEndpoint({
    ...sitesRoutes.create,
    body: siteCreateSchema,
    answer: siteCreatedAnswerSchema,
    errors: ['not_found', 'domain_taken'],
    access: OWNERS,
  }),
  detail: defineEndpoint({
    ...sitesRoutes.detail,
    query: siteQuerySchema,
    answer: siteDetailAnswerSchema,
    errors: ['not_found'],
    access: SITE_STAFF,
  }),
  /** The whole stored settings object; one that fails the schema is validation_failed. */
  changeSettings: defineEndpoint({
    ...sitesRoutes.changeSettings,
    body: siteSettingsChangeSchema,
    answer: okAnswerSchema,
    errors: ['not_found'],
    access: SITE_STAFF,
  }),
  changeDomains: defineEndpoint({
    ...sitesRoutes.changeDomains,
    body: siteDomainsChangeSchema,
    answer: okAnswerSchema,
    errors: ['not_found', 'domain_taken'],
    access: SITE_STAFF,
  }),
  /** Refused (forbidden) when the company also runs a site outside the staff member's scope. */
  changeCompany: defineEndpoint({
    ...sitesRoutes.changeCompany,
    body: siteCompanyChangeSchema,
    answer: okAnswerSchema,
    errors: ['not_found'],
    access: SITE_STAFF,
  }),
  interests: defineEndpoint({
    ...sitesRoutes.interests,
    answer: adminInterestsAnswerSchema,
    errors: [],
    access: OWNERS,
  }),
  /** An interest members chose cannot be removed (interest_in_use). */
  changeInterests: defineEndpoint({
    ...sitesRoutes.changeInterests,
    body: interestsChangeSchema,
    answer: adminInterestsAnswerSchema,
    errors: ['interest_in_use'],
    access: OWNERS,
  }),
  figures: defineEndpoint({
    ...sitesRoutes.figures,
    query: figuresQuerySchema,
    answer: siteFiguresAnswerSchema,
    errors: [],
    access: SITE_STAFF,
  }),
};
