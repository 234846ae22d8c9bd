import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-22T20:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime (spec §3: the chat list shows when the last message came)', () => {
  it('says now for the last minute', () => {
    expect(relativeTime(ago(20_000), 'en', now)).toBe('now');
  });

  it('counts minutes, then hours, on the same day', () => {
    expect(relativeTime(ago(5 * 60_000), 'en', now)).toMatch(/^5 min.* ago$/);
    expect(relativeTime(ago(3 * 3_600_000), 'en', now)).toMatch(/^3 hr.* ago$/);
  });

  it('names the weekday within a week and the date beyond', () => {
    expect(relativeTime(ago(2 * 86_400_000), 'en', now)).toMatch(/^[A-Z][a-z]{2}$/);
    expect(relativeTime('2026-03-04T12:00:00Z', 'en', now)).toBe('Mar 4');
    expect(relativeTime('2025-03-04T12:00:00Z', 'en', now)).toBe('Mar 4, 2025');
  });

  it('speaks the member language', () => {
    expect(relativeTime(ago(5 * 60_000), 'nl', now)).toMatch(/^5 min.* geleden$/);
  });
});
