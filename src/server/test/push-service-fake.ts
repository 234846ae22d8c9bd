import { createECDH, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import { createRequire } from 'node:module';

// A push service in process (issue 31 item 4): the tests point subscriptions at it, and it
// decrypts what it receives with the subscription's own keys (RFC 8291 aes128gcm, through
// web-push's http_ece), so a test reads the payload a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: unknown; authSecret: string },
  ): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceFake {
  received: ReceivedPush[];
  /** A new browser's subscription at this service; `status` is what the service answers. */
  subscription(status?: number): FakeSubscription;
  /** Waits until `count` pushes arrived, and answers them. */
  waitForPushes(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const received: ReceivedPush[] = [];
  const browsers = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: string; status: number }
  >();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      if (!browser) {
        response.writeHead(404).end();
        return;
      }
      if (browser.status < 300) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth,
        });
        received.push({
          path,
          headers: request.headers,
          payload: JSON.parse(plain.toString('utf8')),
        });
      }
      response.writeHead(browser.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    received,
    subscription(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth, status });
      return {
        endpoint: `http://127.0.0.1:${port}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    async waitForPushes(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`push ${count} did not arrive`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
