import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerInput, Endpoint } from '@contract/endpoint';
import {
  COMPRESS_FROM_BYTES,
  type Encoding,
  compressForKeeping,
  preferredEncoding,
  varyOnEncoding,
} from './compression';

/** An answer serialized, tagged and compressed once, then sent to many requests. */
export interface KeptAnswer {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * Checks `value` against the endpoint's answer schema exactly as the route serializer does
 * (unknown fields dropped), then serializes it, tags it with a content hash and compresses it.
 */
export async function keepAnswer<E extends Endpoint>(
  endpoint: E,
  value: AnswerInput<E>,
): Promise<KeptAnswer> {
  if (!endpoint.answer) throw new Error(`${endpoint.path} declares no answer to keep`);
  const body = Buffer.from(JSON.stringify(endpoint.answer.parse(value)));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const encoded: KeptAnswer['encoded'] = {};
  if (body.length >= COMPRESS_FROM_BYTES) {
    [encoded.br, encoded.gzip] = await Promise.all([
      compressForKeeping(body, 'br'),
      compressForKeeping(body, 'gzip'),
    ]);
  }
  return { body, etag, encoded };
}

function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === `W/${etag}` || trimmed === '*';
  });
}

/** Sends a kept answer: 304 when the client holds it, else the best encoding it takes. */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.header('etag', answer.etag).type('application/json; charset=utf-8');
  if (answer.encoded.br) varyOnEncoding(reply);
  if (matchesTag(request.headers['if-none-match'], answer.etag)) {
    return reply.status(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? answer.encoded[encoding] : undefined;
  if (encoding && encoded) {
    reply.header('content-encoding', encoding);
    return reply.send(encoded);
  }
  return reply.send(answer.body);
}

/**
 * Answers kept per owner object (a site record), under a key. A site record stands for one
 * version of the site's stored row (features/sites/site-queries.ts): a settings change makes a
 * new record, and the old record's answers go with it.
 */
export function answerKeeper() {
  const kept = new WeakMap<object, Map<string, Promise<KeptAnswer>>>();
  return (owner: object, key: string, make: () => Promise<KeptAnswer>): Promise<KeptAnswer> => {
    let answers = kept.get(owner);
    if (!answers) kept.set(owner, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) {
      answer = make();
      answers.set(key, answer);
      // A failed build is not kept: the next request tries again.
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
}
