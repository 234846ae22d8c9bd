import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this an answer fits in the first packets anyway; compressing it costs more than it saves. */
export const COMPRESS_FROM_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Browsers send the same few Accept-Encoding lines on every call: each is read once. */
const encodingOfLine = new Map<string, Encoding | undefined>();
const MAX_REMEMBERED_LINES = 64;

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (encodingOfLine.has(acceptEncoding)) return encodingOfLine.get(acceptEncoding);
  const encoding = encodingOf(acceptEncoding);
  if (encodingOfLine.size >= MAX_REMEMBERED_LINES) encodingOfLine.clear();
  encodingOfLine.set(acceptEncoding, encoding);
  return encoding;
}

function encodingOf(acceptEncoding: string): Encoding | undefined {
  let gzipAccepted = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzipAccepted = true;
  }
  return gzipAccepted ? 'gzip' : undefined;
}

/** Adds Accept-Encoding to the answer's Vary header, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding'))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/** Compression once, at the highest level, for answers and files that are kept and reused. */
export function compressForKeeping(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/**
 * Compresses a per-request answer at the fastest levels: for 2 KB of JSON brotli 1 takes
 * about 25 µs and is smaller than gzip 6. Synchronous on purpose: zlib's asynchronous calls
 * set up a stream per call, which cost the main thread more than the compression itself.
 */
export function compressForOnce(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 1 });
}

/**
 * Compresses JSON answers from COMPRESS_FROM_BYTES on for clients that take it. Answers that
 * come compressed (kept answers, built files) pass through.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Characters, not bytes: a cheap lower bound of the size, exact for ASCII JSON.
    if (typeof payload !== 'string' || payload.length < COMPRESS_FROM_BYTES) {
      return done(null, payload);
    }
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return done(null, payload);
    }
    varyOnEncoding(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    done(null, compressForOnce(payload, encoding));
  });
}
