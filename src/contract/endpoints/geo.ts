import { defineEndpoint } from '@contract/endpoint';
import { geoRoutes, pageBouncesRoutes } from '@contract/api-routes/geo';
import {
  geocodeAnswerSchema,
  geocodeQuerySchema,
  pageHiddenAnswerSchema,
  pageHiddenBodySchema,
} from '@contract/geo';

export const geoApi = {
  // spec §7: reverse geocoding offline; visitors ask too (signup's country prefill, §4).
  geocode: defineEndpoint({
    ...geoRoutes.geocode,
    query: geocodeQuerySchema,
    answer: geocodeAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
};

export const pageBouncesApi = {
  /**
   * spec §7/§4 `lb`: a beacon cannot send the CSRF header, so the route is CSRF-exempt and
   * checks instead that the browser says the request is same-origin (docs/decisions.md).
   */
  pageHidden: defineEndpoint({
    ...pageBouncesRoutes.pageHidden,
    body: pageHiddenBodySchema,
    answer: pageHiddenAnswerSchema,
    errors: [],
    access: 'anyone',
    crossSite: true,
  }),
};
