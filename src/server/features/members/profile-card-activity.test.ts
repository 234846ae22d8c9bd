import { describe, expect, it } from 'vitest';
import { activityOf } from './profile-card';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

// Issue 32 item 5: a card says how recently a member was active, from recorded activity only.
describe('the activity step on a profile card', () => {
  it('is "recent" within a day, "week" within a week, and nothing after', () => {
    expect(activityOf({ last_active_at: hoursAgo(0.1), is_fictional: 0 }, NOW)).toBe('recent');
    expect(activityOf({ last_active_at: hoursAgo(23.9), is_fictional: 0 }, NOW)).toBe('recent');
    expect(activityOf({ last_active_at: hoursAgo(24), is_fictional: 0 }, NOW)).toBe('week');
    expect(activityOf({ last_active_at: hoursAgo(24 * 7 - 1), is_fictional: 0 }, NOW)).toBe('week');
    expect(activityOf({ last_active_at: hoursAgo(24 * 7), is_fictional: 0 }, NOW)).toBeNull();
  });

  it('claims nothing without a record, and nothing for a fictional profile', () => {
    expect(activityOf({ last_active_at: null, is_fictional: 0 }, NOW)).toBeNull();
    expect(activityOf({ last_active_at: hoursAgo(0.1), is_fictional: 1 }, NOW)).toBeNull();
  });
});
