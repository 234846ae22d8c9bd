import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
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
 * How many answers one keeper holds at most. A site's legitimate keys are few (11 languages
 * times the countries its visitors come from), but the country in a key comes from a request
 * header, so the keeper is bounded like any store a client can write to (issue 29 item 2).
 */
export const ANSWERS_KEPT = 1_000;

/**
 * Answers kept per owner object (a site record), under a key. A site record stands for one
 * version of the site's stored row (features/sites/site-queries.ts): a settings change makes a
 * new record, and the old record's answers are never asked for again, so they are the first to
 * go. At most `max` answers are kept in all, the least recently used going first.
 */
export function answerKeeper(max = ANSWERS_KEPT) {
  // An owner is known by a number, so the keeper holds no owner and a dropped record goes.
  const ownerNumbers = new WeakMap<object, number>();
  let lastOwnerNumber = 0;
  const kept = new LRUCache<string, Promise<KeptAnswer>>({ max });

  const keep = (owner: object, key: string, make: () => Promise<KeptAnswer>) => {
    let ownerNumber = ownerNumbers.get(owner);
    if (ownerNumber === undefined) ownerNumbers.set(owner, (ownerNumber = ++lastOwnerNumber));
    const slot = `${ownerNumber} ${key}`;
    let answer = kept.get(slot);
    if (!answer) {
      const made = make();
      kept.set(slot, (answer = made));
      // A failed build is not kept: the next request tries again.
      made.catch(() => {
        if (kept.peek(slot) === made) kept.delete(slot);
      });
    }
    return answer;
  };
  /** How many answers are kept now (tests check the bound). */
  keep.keptCount = () => kept.size;
  return keep;
}
