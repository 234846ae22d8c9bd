import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';

// Issue 29 item 9: one address with 96 connections posting 1 MB bodies to /api/user.php made
// the instance answer 503 to another address: its bodies were read and parsed before the
// per-address login limit answered 429. Over a real listening server, with each client on its
// own loopback address (Linux routes all of 127.0.0.0/8 to this machine).

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listeningApp(overrides: Record<string, string>) {
  t = await createTestApp(overrides);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

interface Call {
  request: ClientRequest;
  response: Promise<IncomingMessage>;
}

/** A request from `from`; `body` bytes of `declared` are sent and the request stays open. */
function call(
  port: number,
  from: string,
  { method = 'GET', path = '/api/settings.php', headers = {}, body = '', declared = 0 } = {},
): Call {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    localAddress: from,
    method,
    path,
    agent: false,
    headers: {
      host: 'localhost',
      ...(declared ? { 'content-type': 'application/json', 'content-length': declared } : {}),
      ...headers,
    },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', (answer) => {
      answer.resume();
      resolve(answer);
    });
    request.on('error', reject);
  });
  // A request the test destroys on purpose rejects; only an awaited one may fail the test.
  response.catch(() => undefined);
  if (body) request.write(body);
  if (!declared) request.end();
  return { request, response };
}

/** The CSRF cookie a browser at `from` holds, as the web client echoes it. */
async function csrfHeaders(port: number, from: string) {
  const answer = await call(port, from).response;
  const cookie = String(answer.headers['set-cookie']?.find((line) => line.startsWith('csrf=')));
  const value = cookie.split(';')[0]!.slice('csrf='.length);
  return { cookie: `csrf=${value}`, 'x-csrf-token': value };
}

const login = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });

describe('per-address limits before the body', () => {
  it('answers 429 to a login past the address limit without reading its body', async () => {
    const port = await listeningApp({ LOGINS_PER_IP_PER_15_MINUTES: '2' });
    const headers = await csrfHeaders(port, '127.0.0.2');
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await call(port, '127.0.0.2', {
        method: 'POST',
        path: '/api/user.php',
        headers,
        body: login,
        declared: Buffer.byteLength(login),
      }).response;
      expect(answer.statusCode).not.toBe(429);
    }
    // A megabyte announced, a kilobyte sent: the answer comes without the rest of the body.
    const flood = call(port, '127.0.0.2', {
      method: 'POST',
      path: '/api/user.php',
      headers,
      body: `{"email":"${'x'.repeat(1000)}`,
      declared: 1_000_000,
    });
    expect((await flood.response).statusCode).toBe(429);
    flood.request.destroy();
  });

  it('answers 429 to a signup past the address limit without reading its body', async () => {
    const port = await listeningApp({ SIGNUPS_PER_IP_PER_HOUR: '1' });
    const headers = await csrfHeaders(port, '127.0.0.2');
    const first = await call(port, '127.0.0.2', {
      method: 'POST',
      path: '/api/signup.php',
      headers,
      body: '{}',
      declared: 2,
    }).response;
    expect(first.statusCode).toBe(400);
    const flood = call(port, '127.0.0.2', {
      method: 'POST',
      path: '/api/signup.php',
      headers,
      body: `{"email":"${'x'.repeat(1000)}`,
      declared: 1_000_000,
    });
    expect((await flood.response).statusCode).toBe(429);
    flood.request.destroy();
  });

  it("refuses one address's requests past its cap, and serves another address meanwhile", async () => {
    const port = await listeningApp({ REQUESTS_IN_FLIGHT_PER_IP: '4' });
    const headers = await csrfHeaders(port, '127.0.0.2');
    // Four bodies that never finish keep four requests of 127.0.0.2 in flight.
    const held = Array.from({ length: 4 }, () =>
      call(port, '127.0.0.2', {
        method: 'POST',
        path: '/api/user.php',
        headers,
        body: '{"email":',
        declared: 1_000_000,
      }),
    );
    await vi.waitFor(async () => {
      expect((await call(port, '127.0.0.2').response).statusCode).toBe(429);
    });
    const refused = await call(port, '127.0.0.2').response;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await call(port, '127.0.0.3').response).statusCode).toBe(200);
    // Once its connections are gone, the address is served again.
    for (const { request } of held) request.destroy();
    await vi.waitFor(async () => {
      expect((await call(port, '127.0.0.2').response).statusCode).toBe(200);
    });
  });
});
