import { afterAll, beforeAll } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { type MollieFake, startMollieFake } from './mollie-fake';
import { paymentsWorld } from './payments-test-world';
import { type TwilioFake, startTwilioFake } from './twilio-fake';

/**
 * What the Mollie test files share (issue 10): the local fake of the Mollie API, and a test
 * app whose real @mollie/api-client talks to it, both started before the file's tests and
 * closed after them; the webhook as Mollie calls it; and the payment tests' logged-in member.
 * Call it once at the top of a test file; `fake` and `t` are there once its tests run.
 */
export function mollieTestWorld(options: { sms?: boolean; env?: Record<string, string> } = {}) {
  let fake: MollieFake | undefined;
  let twilio: TwilioFake | undefined;
  let t: TestApp | undefined;
  const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  beforeAll(async () => {
    fake = await startMollieFake();
    // With `sms`, texts go through the real Twilio client to its local fake (issue 29 item 3).
    if (options.sms) twilio = await startTwilioFake();
    // The client pins its own bundle of public root CAs (its caCertificates option is not
    // honoured), so the fake's per-run certificate cannot be trusted the proper way. This
    // test file's worker alone skips the check; production code never does.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    t = await createTestApp({
      MOLLIE_API_KEY: 'test_fakeKeyForTheLocalFake',
      MOLLIE_API_ENDPOINT: fake.apiEndpoint,
      ...(twilio
        ? {
            TWILIO_ACCOUNT_SID: twilio.accountSid,
            TWILIO_AUTH_TOKEN: twilio.authToken,
            TWILIO_FROM: 'Amora',
            TWILIO_API_URL: twilio.apiUrl,
          }
        : {}),
      ...options.env,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await twilio?.close();
    if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
  });

  const started = <T>(value: T | undefined) => {
    if (value === undefined)
      throw new Error('the Mollie world starts in beforeAll: use it in tests');
    return value;
  };
  const app = () => started(t);
  const mollieIdOf = async (paymentId: number) =>
    (
      await app()
        .database.db.selectFrom('payments')
        .select('provider_payment_id')
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).provider_payment_id!;
  /** Mollie's webhook call with this form body (`id=tr_…`, or anything a forger sends). */
  const webhookWithBody = (payload: string) =>
    app().app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const webhook = (mollieId: string) => webhookWithBody(`id=${mollieId}`);

  return {
    ...paymentsWorld(app),
    /** The local Mollie fake: its requests, refunds and mandates, and the bank's answers. */
    get fake() {
      return started(fake);
    },
    get t() {
      return app();
    },
    /** The local Twilio fake (with `sms`): the texts sent. */
    get twilio() {
      return started(twilio);
    },
    webhookWithBody,
    /** Mollie tells us that its payment `mollieId` changed. */
    webhook,
    /** Mollie's id of our payment, stored at checkout. */
    mollieIdOf,
    /** The member pays our payment at Mollie and Mollie calls the webhook; Mollie's id. */
    async payAtMollie(paymentId: number) {
      const mollieId = await mollieIdOf(paymentId);
      started(fake).setStatus(mollieId, 'paid');
      await webhook(mollieId);
      return mollieId;
    },
  };
}
