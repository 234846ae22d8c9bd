import type { FastifyInstance } from 'fastify';
import { AppError } from '@server/errors/app-error';

/**
 * Requests one client address may have in flight on this instance at once (issue 29 item 9).
 * Each request past the cap is answered 429 in `onRequest`, before its body is read, so one
 * address holding many connections (96 of them posting 1 MB bodies) spends its own share and
 * not the instance's: the others are not refused with it. Counted per instance, in process:
 * what it guards is this instance's event loop and memory. `perAddress` 0 turns it off.
 */
export function limitRequestsInFlightPerAddress(app: FastifyInstance, perAddress: number): void {
  if (perAddress === 0) return;
  const inFlight = new Map<string, number>();
  const release = (address: string) => {
    const left = (inFlight.get(address) ?? 1) - 1;
    if (left > 0) inFlight.set(address, left);
    else inFlight.delete(address);
  };
  app.addHook('onRequest', async (request, reply) => {
    // The address as TRUST_PROXY resolves it, as for every per-address limit.
    const address = request.ip;
    const count = inFlight.get(address) ?? 0;
    if (count >= perAddress) {
      reply.header('retry-after', '1');
      throw new AppError('too_many_requests', 'rate_limited');
    }
    inFlight.set(address, count + 1);
    // 'close' comes once the answer is sent or the connection is gone, whichever is first.
    reply.raw.once('close', () => release(address));
  });
}
