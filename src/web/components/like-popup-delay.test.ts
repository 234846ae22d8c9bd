import { describe, expect, it } from 'vitest';
import { likePopupDelay } from './like-popup-delay';

describe('likePopupDelay (spec §4 query parameter t)', () => {
  it('takes a positive number of seconds', () => {
    expect(likePopupDelay('3')).toBe(3);
    expect(likePopupDelay('1.5')).toBe(1.5);
  });

  it('ignores anything else', () => {
    for (const value of [null, '', '0', '-3', 'abc', '3s', '1e3', ' 3', 'Infinity'])
      expect(likePopupDelay(value), String(value)).toBeNull();
  });
});
