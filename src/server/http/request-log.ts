import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '@server/config';

// Query parameters that carry a secret: activation, reset and mail-change links (issue 7 §1.3).
const SECRET_QUERY_PARAMETER = /([?&](?:[^=&#]*token|code|key|secret|password|signature)=)[^&#]*/gi;

/** The URL as it may be written to a log: secret query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]') : url;
}

/** The logger's options and the access log. */
export interface RequestLogging {
  logger: FastifyServerOptions['logger'];
  logController: AccessLog;
}

/**
 * pino, configured: JSON lines on standard output for collectors (readable lines at a
 * developer's terminal), with credentials and secret URL parameters redacted wherever a
 * request is serialized.
 */
export function requestLogging(config: Config, stream?: DestinationStream): RequestLogging {
  if (config.LOG_LEVEL === 'silent') return { logger: false, logController: new AccessLog() };
  const pretty = !stream && config.NODE_ENV === 'development' && process.stdout.isTTY;
  const transport = pretty
    ? {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      }
    : undefined;
  return {
    logger: {
      level: config.LOG_LEVEL,
      serializers,
      ...(stream ? { stream } : {}),
      ...(transport ? { transport } : {}),
    },
    logController: new AccessLog(),
  };
}

// Whoever logs a request gets these fields: no headers (cookies, CSRF token), no secrets.
const serializers = {
  req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    ip: request.ip,
  }),
};

/**
 * One access-log line per request, written through pino when the answer is sent, instead of
 * Fastify's two (on arrival and on completion).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = accessFields(request, reply);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The fields of a request's access-log line. */
function accessFields(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    ip: request.ip,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}
