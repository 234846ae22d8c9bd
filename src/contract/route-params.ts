import { z } from 'zod';
import { LIKES_TYPES } from './discovery';
import { idParamSchema } from './ids';
import { bundleSettingSchema, paymentMethodSchema } from './payments';
import { type MatchedAppRoute, type WebAppRoute, matchAppRoute } from './routes';

/**
 * The values each route parameter accepts (spec §2): the server answers any other value with
 * the app's 404 page and status 404, and the web router shows that page for it, so a value the
 * page cannot show is never a soft 404 (issue 29 item 17). A parameter not named here takes
 * any value its page can show (a lander's slug falls back to the default variant). Values
 * that depend on stored data (a bundle of the site, a payment of the member) are checked by
 * the server's page checks as well.
 *
 * Apart from routes.ts, which the web app's first load needs without zod: the web router
 * loads this module with the pages of routes that have parameters only.
 */
export const ROUTE_PARAMS: Partial<Record<WebAppRoute, z.ZodObject>> = {
  'members-id': z.object({ id: idParamSchema }),
  'members-id-chat': z.object({ id: idParamSchema }),
  'members-id-landing': z.object({ id: idParamSchema }),
  'members-id-landing2-slug': z.object({ id: idParamSchema }),
  'members-id-landing3-slug': z.object({ id: idParamSchema }),
  'members-id-signup': z.object({ id: idParamSchema }),
  'chats-id': z.object({ id: idParamSchema }),
  'likes-type': z.object({ type: z.enum(LIKES_TYPES) }),
  'likes-m-id': z.object({ id: idParamSchema }),
  'credits-id-paymentmethod': z.object({
    id: bundleSettingSchema.shape.id,
    paymentmethod: paymentMethodSchema.optional(),
  }),
  'transactions-id': z.object({ id: idParamSchema.optional() }),
  'export-id': z.object({ id: idParamSchema }),
};

/** Whether a route's parameters (as the router decoded them) are values its page can show. */
export function acceptsRouteParams(
  name: WebAppRoute,
  params: Record<string, string | undefined>,
): boolean {
  return ROUTE_PARAMS[name]?.safeParse(params).success ?? true;
}

/** The web app's route for a path whose values its page can show, if any. */
export function matchShownAppRoute(path: string): MatchedAppRoute | undefined {
  const route = matchAppRoute(path);
  return route && acceptsRouteParams(route.name, route.params) ? route : undefined;
}
