import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Encoding, preferredEncoding } from './compression';

/** A file of the web app's build, held in memory with its precompressed forms. */
export interface BuiltFile {
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const ENCODED_SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/**
 * Reads the build once at start-up: a build is a fixed set of files (about 2 MB), so each is
 * answered from memory, without a file-system call per request. The brotli and gzip forms
 * are the ones `npm run build` wrote beside each file (scripts/precompress.ts).
 */
export function loadBuiltFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  if (!existsSync(root)) return files;
  for (const path of filesUnder(root)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const body = readFileSync(path);
    const encoded: BuiltFile['encoded'] = {};
    for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES) as [Encoding, string][]) {
      if (existsSync(path + suffix)) encoded[encoding] = readFileSync(path + suffix);
    }
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    files.set(`/${relative(root, path).split(sep).join('/')}`, {
      body,
      encoded,
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${hash}"`,
    });
  }
  return files;
}

/** Sends a built file in the best encoding the client takes; 304 when it holds this one. */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? file.encoded[encoding] : undefined;
  // Each encoding is its own representation, with its own tag (RFC 9110 §8.8.3).
  const etag = encoded ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  reply.header('etag', etag).type(file.type);
  if (file.encoded.br || file.encoded.gzip) reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  if (encoded) reply.header('content-encoding', encoding);
  return reply.send(encoded ?? file.body);
}
