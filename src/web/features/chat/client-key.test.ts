import { describe, expect, it } from 'vitest';
import { clientKeySchema } from '@contract/chat';
import { newClientKey } from './client-key';

describe('newClientKey (issue 9 §2: one idempotency key per message)', () => {
  it('makes keys the server accepts', () => {
    expect(clientKeySchema.safeParse(newClientKey()).success).toBe(true);
  });

  it('makes a different key for every message', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newClientKey()));
    expect(keys.size).toBe(1000);
  });
});
