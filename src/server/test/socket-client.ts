import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SOCKET_PATH, type ServerFrame, serverFrameSchema } from '@contract/events';
import type { TestClient } from './test-client';

const WAIT_MS = 10_000;

/** Where a listening test app takes sockets, and the Origin its own pages would send. */
export async function listenForSockets(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const origin = `http://127.0.0.1:${address.port}`;
  return { origin, url: `ws://127.0.0.1:${address.port}${SOCKET_PATH}` };
}

/** The Cookie header a TestClient's browser would send. */
export const cookieHeaderOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * A test's end of one socket, like a tab's: it records every frame (validated with the
 * contract) and waits for conditions, never for a fixed time.
 */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(serverFrameSchema.parse(JSON.parse(String(data))));
      for (const waiter of this.waiters) waiter();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const waiter of this.waiters) waiter();
      }),
    );
  }

  /** Opens a socket; resolves once open, rejects with the HTTP status when refused. */
  static open(
    url: string,
    headers: Record<string, string>,
    options: { answerPings?: boolean } = {},
  ): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers, autoPong: options.answerPings ?? true });
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new RefusedUpgrade(response.statusCode ?? 0)),
      );
      socket.once('error', reject);
    });
  }

  /** The sequence numbers of the event envelopes received so far, in order. */
  get seqs(): number[] {
    return this.frames.flatMap((frame) =>
      'event' in frame && frame.seq !== null ? [frame.seq] : [],
    );
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves once `condition` holds for the frames received (checked on each new frame). */
  until(condition: (frames: ServerFrame[]) => boolean, what = 'the expected frames') {
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition(this.frames)) {
          if (this.socket.readyState === WebSocket.CLOSED)
            finish(new Error(`socket closed before ${what}`));
          return;
        }
        finish();
      };
      const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what}`)), WAIT_MS);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resumes after `afterSeq` and waits for the `ready` frame that ends the replay. */
  async resume(afterSeq: number) {
    this.send({ type: 'resume', after_seq: afterSeq });
    await this.until(
      (frames) => frames.some((frame) => 'type' in frame && frame.type === 'ready'),
      'ready',
    );
  }

  close() {
    this.socket.terminate();
  }
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}
