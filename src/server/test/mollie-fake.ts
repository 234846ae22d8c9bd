import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local fake of the Mollie API endpoints the app uses (create, get, cancel and refund a
 * payment; create a customer; create, list and revoke its mandates; first and recurring
 * payments, a SEPA one pending until the bank decides (setStatus); chargebacks
 * and dashboard refunds as a payment's amounts), for testing
 * the official client end to end (issue 10). It speaks HTTPS because the client
 * sends every request through an https agent; the certificate is made per run with openssl,
 * so nothing secret is ever stored.
 */
export interface MollieFake {
  /** The API address for the client's apiEndpoint option. */
  apiEndpoint: string;
  /** The provider decides (as a bank would): the next GET shows this status. */
  setStatus(id: string, status: string): void;
  /**
   * The member's bank reverses the payment (issue 23 item 2): as at Mollie, the status stays
   * `paid` and `amountChargedBack` grows (the whole amount unless cents are given).
   */
  chargeBack(id: string, cents?: number): void;
  /** A refund made in Mollie's dashboard, not through the API: `amountRefunded` grows. */
  refundInDashboard(id: string, cents?: number): void;
  /** Every request received, for assertions (method, path, idempotency key, body). */
  requests: Array<{
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    body: unknown;
  }>;
  refunds: Array<{ paymentId: string; amount: unknown }>;
  /**
   * How refund requests are answered: normally, refused (422), or broken (made, but answered
   * with a 500); `holdNextRefund` holds one until `release` (to look at our database then).
   */
  refundMode: 'normal' | 'refuse' | 'break';
  /** A Mollie account without recurring enabled: first payments are refused (422). */
  refuseFirstPayments: boolean;
  /** IBANs Mollie will not make a direct-debit mandate for (422). */
  refuseAccounts: Set<string>;
  holdNextRefund(): { reached: Promise<void>; release: () => void };
  /** The mandates a paid first payment left, by customer (newest first). */
  mandatesOf(customerId: string): FakeMandate[];
  /** The member withdrew consent (or the card expired): the customer's mandates are invalid. */
  invalidateMandates(customerId: string): void;
  close(): Promise<void>;
}

export interface FakeMandate {
  id: string;
  status: 'valid' | 'invalid';
  method: 'creditcard' | 'directdebit' | 'paypal';
  details: Record<string, string>;
  signatureDate?: string | undefined;
}

interface FakePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl?: string;
  method: string | null;
  metadata: unknown;
  createdAt: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
  amountRefunded?: { currency: string; value: string };
  amountChargedBack?: { currency: string; value: string };
}

const centsOf = (amount: { value: string } | undefined) =>
  amount ? Math.round(Number(amount.value) * 100) : 0;

/** Adds cents to one of a payment's amounts, in Mollie's notation. */
const grow = (
  payment: FakePayment,
  field: 'amountRefunded' | 'amountChargedBack',
  cents: number,
) => {
  payment[field] = {
    currency: payment.amount.currency,
    value: ((centsOf(payment[field]) + cents) / 100).toFixed(2),
  };
};

/** Mollie leaves a card mandate for cards, a PayPal one for PayPal, SEPA for bank methods. */
function mandateFor(method: string | null): Pick<FakeMandate, 'method' | 'details'> {
  if (method === 'creditcard')
    return {
      method: 'creditcard',
      details: {
        cardHolder: 'T. Tester',
        cardNumber: '6787',
        cardLabel: 'Mastercard',
        cardFingerprint: 'fp_test',
        cardExpiryDate: '2031-12-31',
      },
    };
  if (method === 'paypal')
    return {
      method: 'paypal',
      details: { consumerName: 'T. Tester', consumerAccount: 't@example.com' },
    };
  return {
    method: 'directdebit',
    details: {
      consumerName: 'T. Tester',
      consumerAccount: 'NL55INGB0000004321',
      consumerBic: 'INGBNL2A',
    },
  };
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mollie-fake-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as unknown) : undefined;
};

export async function startMollieFake(): Promise<MollieFake> {
  const { key, cert } = selfSignedCertificate();
  const payments = new Map<string, FakePayment>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: MollieFake['requests'] = [];
  const refunds: MollieFake['refunds'] = [];
  const customers = new Map<string, { id: string; metadata: unknown; createdAt: string }>();
  const mandates = new Map<string, FakeMandate[]>();
  const refundsByKey = new Map<string, unknown>();
  let hold: { arrived: () => void; released: Promise<void> } | null = null;
  let origin = '';

  const present = (payment: FakePayment) => ({
    resource: 'payment',
    mode: 'test',
    ...payment,
    _links: {
      self: { href: `${origin}/v2/payments/${payment.id}`, type: 'application/hal+json' },
      ...(payment.status === 'open'
        ? { checkout: { href: `${origin}/checkout/${payment.id}`, type: 'text/html' } }
        : {}),
      ...(payment.amountChargedBack
        ? {
            chargebacks: {
              href: `${origin}/v2/payments/${payment.id}/chargebacks`,
              type: 'application/hal+json',
            },
          }
        : {}),
      ...(payment.amountRefunded
        ? {
            refunds: {
              href: `${origin}/v2/payments/${payment.id}/refunds`,
              type: 'application/hal+json',
            },
          }
        : {}),
    },
  });
  const send = (response: ServerResponse, status: number, body: unknown) => {
    // The client retries a 5xx after Retry-After (else 2 s): at once, so tests stay quick.
    response.writeHead(status, {
      'content-type': 'application/hal+json',
      ...(status >= 500 ? { 'retry-after': '0' } : {}),
    });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse) =>
    send(response, 404, {
      status: 404,
      title: 'Not Found',
      detail: 'No payment exists with token.',
    });
  const unprocessable = (response: ServerResponse, detail: string) =>
    send(response, 422, { status: 422, title: 'Unprocessable Entity', detail });
  const presentMandate = (customerId: string, mandate: FakeMandate) => ({
    resource: 'mandate',
    mode: 'test',
    ...mandate,
    mandateReference: null,
    signatureDate: '2025-01-01',
    ...(mandate.signatureDate ? { signatureDate: mandate.signatureDate } : {}),
    createdAt: '2025-01-01T00:00:00+00:00',
    _links: {
      self: {
        href: `${origin}/v2/customers/${customerId}/mandates/${mandate.id}`,
        type: 'application/hal+json',
      },
      customer: { href: `${origin}/v2/customers/${customerId}`, type: 'application/hal+json' },
    },
  });
  const validMandate = (customerId: string, mandateId: string | undefined) =>
    (mandates.get(customerId) ?? []).find(
      (mandate) => mandate.status === 'valid' && (!mandateId || mandate.id === mandateId),
    );

  const server = createServer({ key, cert }, (request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = new URL(request.url ?? '/', origin).pathname;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path, idempotencyKey, body });
      if (!String(request.headers.authorization).startsWith('Bearer test_'))
        return send(response, 401, { status: 401, title: 'Unauthorized Request' });

      if (request.method === 'POST' && path === '/v2/customers') {
        const known = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        const customer = (known && customers.get(known)) || {
          id: `cst_${randomBytes(5).toString('hex')}`,
          metadata: (body as { metadata?: unknown } | undefined)?.metadata ?? null,
          createdAt: new Date().toISOString(),
        };
        customers.set(customer.id, customer);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, customer.id);
        return send(response, 201, {
          resource: 'customer',
          mode: 'test',
          name: null,
          email: null,
          locale: null,
          ...customer,
          _links: {
            self: { href: `${origin}/v2/customers/${customer.id}`, type: 'application/hal+json' },
          },
        });
      }
      // Mollie's Delete customer: 204, and 404 for one it does not know (or no longer).
      const customerOne = /^\/v2\/customers\/(cst_\w+)$/.exec(path);
      if (request.method === 'DELETE' && customerOne) {
        if (!customers.delete(customerOne[1]!)) return notFound(response);
        mandates.delete(customerOne[1]!);
        response.writeHead(204).end();
        return;
      }
      const mandateList = /^\/v2\/customers\/(cst_\w+)\/mandates$/.exec(path);
      if (request.method === 'GET' && mandateList) {
        const customerId = mandateList[1]!;
        if (!customers.has(customerId)) return notFound(response);
        const list = (mandates.get(customerId) ?? []).map((mandate) =>
          presentMandate(customerId, mandate),
        );
        return send(response, 200, {
          count: list.length,
          _embedded: { mandates: list },
          _links: {
            self: { href: `${origin}${path}`, type: 'application/hal+json' },
            previous: null,
            next: null,
          },
        });
      }

      // Mollie's Create mandate (issue 29 item 3): a SEPA mandate from our own form, valid at
      // once; a retry with the same key answers the same mandate.
      if (request.method === 'POST' && mandateList) {
        const customerId = mandateList[1]!;
        if (!customers.has(customerId)) return notFound(response);
        const known = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        const existing =
          known && (mandates.get(customerId) ?? []).find((mandate) => mandate.id === known);
        if (existing) return send(response, 201, presentMandate(customerId, existing));
        const input = (body ?? {}) as Record<string, unknown>;
        if (input.method !== 'directdebit')
          return unprocessable(response, 'Only directdebit mandates can be created here.');
        if (typeof input.consumerName !== 'string' || !input.consumerName)
          return unprocessable(response, 'The consumer name is missing.');
        const account = typeof input.consumerAccount === 'string' ? input.consumerAccount : '';
        if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account) || fake.refuseAccounts.has(account))
          return unprocessable(response, 'The bank account is invalid.');
        const mandate: FakeMandate = {
          id: `mdt_${randomBytes(5).toString('hex')}`,
          status: 'valid',
          method: 'directdebit',
          details: { consumerName: input.consumerName, consumerAccount: account },
          signatureDate: typeof input.signatureDate === 'string' ? input.signatureDate : undefined,
        };
        mandates.set(customerId, [mandate, ...(mandates.get(customerId) ?? [])]);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, mandate.id);
        return send(response, 201, presentMandate(customerId, mandate));
      }

      // Mollie's revoke mandate: 204, and the mandate is no longer valid.
      const mandateOne = /^\/v2\/customers\/(cst_\w+)\/mandates\/(mdt_\w+)$/.exec(path);
      if (request.method === 'DELETE' && mandateOne) {
        const mandate = (mandates.get(mandateOne[1]!) ?? []).find(
          (candidate) => candidate.id === mandateOne[2] && candidate.status === 'valid',
        );
        if (!mandate) return notFound(response);
        mandate.status = 'invalid';
        response.writeHead(204).end();
        return;
      }

      if (request.method === 'POST' && path === '/v2/payments') {
        const known = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        if (known) return send(response, 201, present(payments.get(known)!));
        const input = body as Omit<FakePayment, 'id' | 'status' | 'createdAt'>;
        const sequenceType = input.sequenceType ?? 'oneoff';
        if (sequenceType === 'first' && fake.refuseFirstPayments)
          return unprocessable(response, 'Recurring is not enabled for this payment method.');
        if (sequenceType !== 'oneoff' && !(input.customerId && customers.has(input.customerId)))
          return unprocessable(response, 'A first or recurring payment needs a customer.');
        let mandate: FakeMandate | undefined;
        if (sequenceType === 'recurring') {
          mandate = validMandate(input.customerId!, input.mandateId);
          if (!mandate) return unprocessable(response, 'The customer has no valid mandate.');
        } else if (!input.redirectUrl)
          return unprocessable(response, 'The redirect URL is missing.');
        const payment: FakePayment = {
          ...input,
          sequenceType,
          method: mandate ? mandate.method : (input.method ?? null),
          id: `tr_${randomBytes(6).toString('hex')}`,
          // A card or PayPal charge is decided at once; a SEPA debit stays pending for days.
          status: mandate ? (mandate.method === 'directdebit' ? 'pending' : 'paid') : 'open',
          createdAt: new Date().toISOString(),
          ...(mandate ? { mandateId: mandate.id } : {}),
        };
        payments.set(payment.id, payment);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, payment.id);
        return send(response, 201, present(payment));
      }
      const cancel = /^\/v2\/payments\/(tr_\w+)$/.exec(path);
      if (request.method === 'DELETE' && cancel) {
        const payment = payments.get(cancel[1]!);
        if (!payment) return notFound(response);
        // As at Mollie: an open payment, or a SEPA direct debit not yet collected (pending).
        const cancelable =
          payment.status === 'open' ||
          (payment.status === 'pending' && payment.method === 'directdebit');
        if (!cancelable) return unprocessable(response, 'The payment cannot be canceled.');
        payment.status = 'canceled';
        return send(response, 200, present(payment));
      }
      const get = /^\/v2\/payments\/(tr_\w+)$/.exec(path);
      if (request.method === 'GET' && get) {
        const payment = payments.get(get[1]!);
        return payment ? send(response, 200, present(payment)) : notFound(response);
      }
      const refund = /^\/v2\/payments\/(tr_\w+)\/refunds$/.exec(path);
      if (request.method === 'POST' && refund) {
        if (hold) {
          const { arrived, released } = hold;
          hold = null;
          arrived();
          await released;
        }
        const payment = payments.get(refund[1]!);
        if (!payment) return notFound(response);
        const known = idempotencyKey && refundsByKey.get(idempotencyKey);
        if (known && fake.refundMode !== 'break') return send(response, 201, known);
        if (known) return send(response, 500, { status: 500, title: 'Internal Server Error' });
        if (payment.status !== 'paid' || fake.refundMode === 'refuse')
          return unprocessable(response, 'The payment is not refundable.');
        const amount = (body as { amount: { value: string } }).amount;
        refunds.push({ paymentId: payment.id, amount });
        grow(payment, 'amountRefunded', centsOf(amount));
        const made = {
          resource: 'refund',
          id: `re_${randomBytes(6).toString('hex')}`,
          amount,
          status: 'pending',
          paymentId: payment.id,
          createdAt: new Date().toISOString(),
        };
        if (idempotencyKey) refundsByKey.set(idempotencyKey, made);
        // The worst fault: the money went back, but no answer reaches the app (nor its retries).
        if (fake.refundMode === 'break')
          return send(response, 500, { status: 500, title: 'Internal Server Error' });
        return send(response, 201, made);
      }
      return send(response, 404, { status: 404, title: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: MollieFake = {
    apiEndpoint: `${origin}/v2/`,
    setStatus(id, status) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
      // A paid first payment leaves a mandate on the customer (Mollie recurring).
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
        const mandate: FakeMandate = {
          id: `mdt_${randomBytes(5).toString('hex')}`,
          status: 'valid',
          ...mandateFor(payment.method),
        };
        payment.mandateId = mandate.id;
        mandates.set(payment.customerId, [mandate, ...(mandates.get(payment.customerId) ?? [])]);
      }
    },
    chargeBack(id, cents) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      grow(payment, 'amountChargedBack', cents ?? centsOf(payment.amount));
    },
    refundInDashboard(id, cents) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      const refundCents = cents ?? centsOf(payment.amount);
      refunds.push({
        paymentId: id,
        amount: { currency: payment.amount.currency, value: (refundCents / 100).toFixed(2) },
      });
      grow(payment, 'amountRefunded', refundCents);
    },
    requests,
    refunds,
    mandatesOf: (customerId) => mandates.get(customerId) ?? [],
    invalidateMandates(customerId) {
      for (const mandate of mandates.get(customerId) ?? []) mandate.status = 'invalid';
    },
    refundMode: 'normal',
    refuseFirstPayments: false,
    refuseAccounts: new Set(),
    holdNextRefund() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrived, released };
      return { reached, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
