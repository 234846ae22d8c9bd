import type { FastifyInstance } from 'fastify';
import { sitesApi } from '@contract/endpoints/sites';
import { worksOnSite } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { MAX_PERIOD_DAYS, daysOf, siteFigures } from './site-figures';

/** Issue 30 item 9: a site's figures for a period, for owners and the site's admins. */
export function figuresRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, sitesApi.figures, async ({ reply, staff, query }) => {
    if (!worksOnSite(staff, query.site)) throw new AppError('forbidden', 'forbidden');
    if (daysOf(query.from, query.to).length > MAX_PERIOD_DAYS)
      throw new AppError('validation_failed', 'invalid', { fields: { to: 'invalid_value' } });
    reply.header('cache-control', 'no-store');
    return siteFigures(db, query.site, query.from, query.to);
  });
}
