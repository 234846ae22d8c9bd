import { idParamSchema } from '@contract/ids';
import { type CookiePolicy, findPageViewer } from '@server/features/auth';
import { AppError } from '@server/errors/app-error';
import type { PageCheck } from '@server/http/web-app';
import type { Services } from '@server/services';
import { findOwnPayment } from './payment-queries';

/**
 * The payment pages answer 404 (the app's 404 page) for values that name nothing (issue 29
 * item 17): a checkout of a bundle the site does not sell, and the status page of a payment
 * that is not the viewer's own (by the same rule as the API: anyone else's is not_found).
 */
export function paymentPageChecks(
  { db }: Pick<Services, 'db'>,
  cookies: Pick<CookiePolicy, 'sessionCookie'>,
): Record<'credits-id-paymentmethod' | 'transactions-id', PageCheck> {
  return {
    'credits-id-paymentmethod': async (request, params) =>
      request.site.settings.payments.bundles.some((bundle) => bundle.id === params.id),
    'transactions-id': async (request, params) => {
      if (params.id === undefined) return true;
      const id = idParamSchema.safeParse(params.id);
      if (!id.success) return false;
      const viewer = await findPageViewer(db, cookies, request);
      if (!viewer) return false;
      return findOwnPayment(db, viewer.id, id.data).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return false;
          throw error;
        },
      );
    },
  };
}
