import { describe, expect, it } from 'vitest';
import { orderKeysByChoice } from './order-keys';

describe('orderKeysByChoice (issue 10: one order key per order)', () => {
  it('keeps the key for the same choice and makes a new one for another', () => {
    const keyFor = orderKeysByChoice();
    const ideal = keyFor(['popular', 'ideal', '', '']);
    expect(keyFor(['popular', 'ideal', '', ''])).toBe(ideal);
    const others = [
      keyFor(['popular', 'creditcard', '', '']),
      keyFor(['popular', 'ideal', 'ideal_INGBNL2A', '']),
      keyFor(['popular', 'ideal', '', 'SPRING10']),
    ];
    expect(new Set([ideal, ...others]).size).toBe(4);
    // Back to the first choice: the first order again, not a second one.
    expect(keyFor(['popular', 'ideal', '', ''])).toBe(ideal);
  });
});
