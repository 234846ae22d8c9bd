import { describe, expect, it } from 'vitest';
import { badgeText, countText, creditsBadgeVariant, titleWithCount } from './count-badge';

describe('navigation badges (spec §2, §9)', () => {
  it('caps counts at 99+ and hides zero', () => {
    expect([0, 1, 99, 100, 5000].map(badgeText)).toEqual([undefined, '1', '99', '99+', '99+']);
  });

  it('warns about credits at 10 or fewer, danger at 0', () => {
    expect([11, 10, 1, 0].map(creditsBadgeVariant)).toEqual([
      undefined,
      'warning',
      'warning',
      'danger',
    ]);
  });

  it('puts the attention count before the title', () => {
    expect(titleWithCount('Amora', 3)).toBe('(3) Amora');
    expect(titleWithCount('Amora', 0)).toBe('Amora');
    // New likes are counted up to 100 (likes.php): the title says 99+ as the badges do.
    expect(titleWithCount('Amora', 100)).toBe('(99+) Amora');
  });

  it('shows the size of a list, zero included, 99+ above 99', () => {
    expect([0, 7, 99, 100].map(countText)).toEqual(['0', '7', '99', '99+']);
  });
});
