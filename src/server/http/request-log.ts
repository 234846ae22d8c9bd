import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type DestinationStream, pino } from 'pino';
import type { Config } from '@server/config';

// Query parameters that carry a secret: activation, reset and mail-change links (issue 7 §1.3).
const SECRET_QUERY_PARAMETER = /([?&](?:[^=&#]*token|code|key|secret|password|signature)=)[^&#]*/gi;

/** The URL as it may be written to a log: secret query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]') : url;
}

/**
 * The logger: JSON lines for collectors (readable lines at a developer's terminal), with
 * credentials and secret URL parameters redacted wherever a request is serialized.
 */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  const pretty = !stream && config.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    // Lines to stdout without blocking the event loop: while one write is under way the next
    // lines gather and go out together (a write per line was a tenth of a request's time
    // under load, docs/performance.md). pino writes what is left synchronously at exit.
    ...(pretty ? {} : { stream: stream ?? pino.destination({ dest: 1, sync: false }) }),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    // Whoever logs a request gets these fields: no headers (cookies, CSRF token), no secrets.
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        ip: request.ip,
      }),
    },
  };
}

/**
 * One access-log line per request, written when the answer is sent, instead of Fastify's two
 * (on arrival and on completion): half the logging work on every request (docs/performance.md).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      ip: request.ip,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
