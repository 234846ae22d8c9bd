import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@contract/endpoints/payments';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { confirmDirectDebit, requestDirectDebit } from './direct-debit-service';
import { checkoutLinksOf } from './checkout-links';
import { directDebitWorks, paymentContextOf } from './payment-context';
import type { PaymentProvider } from './providers/payment-provider';

/** Texts a member may have sent per hour: a code costs money and bothers the phone's owner. */
const SMS_PER_HOUR = 5;

/** Direct debit (spec §2 directdebit, §3 form, §5 code, §8 errors; issue 10 §5). */
export function directDebitRoutes(
  app: FastifyInstance,
  { db, events, rateLimiter, config, sms }: Services,
  provider: PaymentProvider | null,
) {
  // issue 29 item 3: without a provider that collects it or a gateway that texts its code,
  // direct debit is not offered (the method is left out of every payment context).
  const offered = directDebitWorks(provider, sms);

  registerEndpoint(app, paymentsApi.directDebit, async ({ request, member, body }) => {
    if (!offered || !sms) throw new AppError('payment_method_unavailable', 'invalid');
    if (!(await rateLimiter.hit(`sms:${member.id}`, SMS_PER_HOUR, 3600)))
      throw new AppError('too_many_requests', 'rate_limited');
    const asker = {
      siteId: request.site.id,
      member,
      context: paymentContextOf(request.site, member.country, offered),
      now: new Date(),
    };
    return requestDirectDebit(db, sms, asker, body, request.site.settings.name, (error) =>
      request.log.error({ err: error }, 'sending the direct-debit code failed'),
    );
  });

  registerEndpoint(app, paymentsApi.directDebitConfirm, async ({ request, member, body }) => {
    const asker = {
      siteId: request.site.id,
      member,
      context: paymentContextOf(request.site, member.country, offered),
      now: new Date(),
    };
    return confirmDirectDebit(
      db,
      events,
      offered ? provider : null,
      asker,
      body.request_id,
      body.otp,
      checkoutLinksOf(request),
    );
  });

  // The development SMS outbox, like /dev/mails: never registered in production, nor where
  // texts go to a real gateway.
  if (config.NODE_ENV !== 'production' && sms?.kind === 'outbox')
    app.get('/dev/sms', async (request, reply) => {
      const texts = await db
        .selectFrom('outbox_sms')
        .select(['phone', 'text', 'created_at'])
        .where('site_id', '=', request.site.id)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return reply.header('cache-control', 'no-store').send({ texts });
    });
}
