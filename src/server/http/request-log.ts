import { hostname } from 'node:os';
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '@server/config';
import { type LineDestination, stdoutLines } from './log-destination';

// Query parameters that carry a secret: activation, reset and mail-change links (issue 7 §1.3).
const SECRET_QUERY_PARAMETER = /([?&](?:[^=&#]*token|code|key|secret|password|signature)=)[^&#]*/gi;

/** Whether a URL holds a secret parameter: a test is far cheaper than a replace that finds none. */
const HAS_SECRET_QUERY_PARAMETER = new RegExp(SECRET_QUERY_PARAMETER.source, 'i');

/** The URL as it may be written to a log: secret query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') && HAS_SECRET_QUERY_PARAMETER.test(url)
    ? url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]')
    : url;
}

/** The logger's options and the access log, writing to one destination. */
export interface RequestLogging {
  logger: FastifyServerOptions['logger'];
  logController: AccessLog;
}

/**
 * The logger: JSON lines for collectors (readable lines at a developer's terminal), with
 * credentials and secret URL parameters redacted wherever a request is serialized.
 */
export function requestLogging(config: Config, stream?: DestinationStream): RequestLogging {
  if (config.LOG_LEVEL === 'silent') return { logger: false, logController: new AccessLog() };
  const pretty = !stream && config.NODE_ENV === 'development' && process.stdout.isTTY;
  if (pretty) {
    return {
      logger: {
        level: config.LOG_LEVEL,
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
        },
        serializers,
      },
      logController: new AccessLog(),
    };
  }
  const destination = stream ?? stdoutLines();
  return {
    logger: { level: config.LOG_LEVEL, stream: destination, serializers },
    logController: new AccessLog(destination),
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

/** A string in JSON: as it is between quotes when none of its characters needs escaping. */
function jsonString(text: string): string {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // Control characters, the quote, the backslash and all beyond ASCII go the long way.
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7e) return JSON.stringify(text);
  }
  return `"${text}"`;
}

// Under load many lines share a millisecond: its digits are written once.
let lastTime = 0;
let lastTimeText = '0';
function timeText(): string {
  const now = Date.now();
  if (now !== lastTime) {
    lastTime = now;
    lastTimeText = String(now);
  }
  return lastTimeText;
}

/** Milliseconds to one decimal, as JSON writes the rounded number (0.4, 12, 12.3). */
function tenthsText(milliseconds: number): string {
  const tenths = Math.round(milliseconds * 10);
  const decimal = tenths % 10;
  return decimal === 0 ? String(tenths / 10) : `${(tenths - decimal) / 10}.${decimal}`;
}

// The levels at which a line of level info is written.
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

// pino's default base fields, as it writes them after the level and the time.
const BASE = `,"pid":${process.pid},"hostname":${jsonString(hostname())}`;

/**
 * One access-log line per request, written when the answer is sent, instead of Fastify's two
 * (on arrival and on completion).
 *
 * The line of an answered request is written here, as the same JSON line pino would write
 * (request-log.test.ts holds the two equal): building it through pino's generic path (a child
 * logger's bindings, a serializer lookup per field) was most of the logging's cost, which was
 * an eighth of a cached request's (docs/performance.md). Errors still go through pino.
 */
export class AccessLog extends LogController {
  constructor(private readonly destination?: LineDestination) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && this.destination) {
      if (WRITES_INFO.has(request.log.level)) this.destination.write(accessLine(request, reply));
      return;
    }
    const line = accessFields(request, reply);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The fields of a request's access-log line. */
export function accessFields(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    ip: request.ip,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/** The access-log line of an answered request, as pino writes it at level info. */
export function accessLine(request: FastifyRequest, reply: FastifyReply): string {
  return (
    `{"level":30,"time":${timeText()}${BASE},"reqId":${jsonString(request.id)}` +
    `,"method":${jsonString(request.method)},"url":${jsonString(redactUrl(request.url))}` +
    `,"host":${jsonString(request.host)},"ip":${jsonString(request.ip)}` +
    `,"status":${reply.statusCode},"ms":${tenthsText(reply.elapsedTime)},"msg":"request"}\n`
  );
}
