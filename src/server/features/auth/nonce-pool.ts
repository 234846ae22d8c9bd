import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 18;
const NONCES_PER_DRAW = 512;

/**
 * Random nonces for new CSRF cookies (a visitor's first call), drawn from the system's CSPRNG
 * 512 at a time. Each call of randomBytes sets up a job object in Node's crypto layer, which
 * was a fifth of a first visit's CPU (docs/performance.md, "The fifth round"); Node's own
 * randomUUID batches its randomness the same way. Every byte is handed out once.
 */
const pool = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
let offset = pool.length;

/** 144 random bits, URL-safe (24 characters). */
export function newNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64url', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
