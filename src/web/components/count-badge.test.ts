import { describe, expect, it } from 'vitest';
import { badgeText, creditsBadgeVariant, titleWithCount } from './count-badge';

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
  });
});
