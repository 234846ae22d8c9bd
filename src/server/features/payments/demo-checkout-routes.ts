import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '@server/services';
import { handleWebhook } from './payment-sync';
import { DEMO_OUTCOMES, DEMO_PENDING_MS, type DemoProvider } from './providers/demo-provider';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const LABELS: Record<(typeof DEMO_OUTCOMES)[number], string> = {
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
  expired: 'Expired',
  'pending-then-paid': 'Pending, then paid',
};

const paramsSchema = z.object({ id: z.string().regex(/^demo_[\w-]{6,40}$/) });
const outcomeSchema = z.object({ outcome: z.enum(DEMO_OUTCOMES) });

/**
 * The demo provider's checkout page (issue 10): what a provider's test mode shows, where the
 * tester picks the outcome. Outside /api on purpose: it stands for the provider's own site.
 * After the choice it calls our webhook handler as the provider would, then sends the
 * browser back to the payment status page.
 */
export function demoCheckoutRoutes(app: FastifyInstance, services: Services, demo: DemoProvider) {
  const notify = (siteId: number, id: string) =>
    handleWebhook({ db: services.db, events: services.events, provider: demo }, siteId, id);

  app.get('/demo-checkout/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const payment = params.success ? await demo.describe(params.data.id) : null;
    if (!params.success || !payment) return reply.status(404).send({ error: 'not_found' });
    const amount = `${payment.currency} ${(payment.amountCents / 100).toFixed(2)}`;
    const buttons = DEMO_OUTCOMES.map(
      (outcome) =>
        `<button name="outcome" value="${outcome}">${escapeHtml(LABELS[outcome])}</button>`,
    ).join(' ');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo payment provider</title>` +
          `<body><main><h1>Demo payment provider</h1><p>Test mode: no money moves. Choose the outcome of this payment.</p>` +
          `<dl><dt>Description</dt><dd>${escapeHtml(payment.description)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Method</dt><dd>${escapeHtml(payment.method)}${payment.issuer ? ` (${escapeHtml(payment.issuer)})` : ''}</dd></dl>` +
          `<form method="post">${buttons}</form></main></body></html>`,
      );
  });

  app.post('/demo-checkout/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const body = outcomeSchema.safeParse(request.body);
    if (!params.success || !body.success) return reply.status(400).send({ error: 'bad_request' });
    const { id } = params.data;
    const next = await demo.complete(id, body.data.outcome);
    if (!next) return reply.status(404).send({ error: 'not_found' });
    await notify(request.site.id, id);
    if (body.data.outcome === 'pending-then-paid') {
      // The "bank" confirms a moment later, as a provider's second webhook would.
      const siteId = request.site.id;
      setTimeout(() => {
        notify(siteId, id).catch((error: unknown) =>
          app.log.warn({ err: error }, 'demo webhook failed'),
        );
      }, DEMO_PENDING_MS + 200).unref();
    }
    // Back on the same origin the member came from (the status page polls the rest).
    return reply.redirect(new URL(next.redirectUrl, 'http://x').pathname, 303);
  });
}
