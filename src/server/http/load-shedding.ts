import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ErrorAnswer } from '@contract/errors';
import type { Config } from '@server/config';

/**
 * An overloaded instance answers 503 `server_busy` at once instead of queueing requests
 * until every one of them times out (@fastify/under-pressure, as fastify/demo registers it).
 * The load balancer or the client retries after Retry-After seconds.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.MAX_EVENT_LOOP_UTILIZATION,
    retryAfter: 5,
    pressureHandler: (_request, reply) => {
      void reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'server_busy' } satisfies ErrorAnswer);
    },
  });
}
