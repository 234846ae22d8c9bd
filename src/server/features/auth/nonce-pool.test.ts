import { describe, expect, it } from 'vitest';
import { newNonce } from './nonce-pool';

describe('newNonce', () => {
  it('hands out 144 random bits, URL-safe, never the same twice across refills', () => {
    // 2,000 nonces span four draws of the pool.
    const nonces = Array.from({ length: 2_000 }, newNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
