import { describe, expect, it } from 'vitest';
import type { LoggedInUser } from '@contract/account';
import { TIME_BONUS_SECONDS } from '@contract/time-bonus';
import { leadingBanner, timeBonusShows } from './site-banner-rules';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');

/** A member who signed up a minute ago: not activated, no photo, no payment. */
function justSignedUp(changes: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    status: 'not_confirmed',
    credits: 0,
    paid_user: false,
    signup_date: new Date(NOW - 60_000).toISOString(),
    fictional_icon: false,
    notifications_disabled: [],
    profile: { name: 'Noor', country: 'NL', status: 'disabled', main_image: null },
    ...changes,
  };
}
const activated = { status: 'active', profile: { ...justSignedUp().profile, status: 'enabled' } };
const photo = { filename: 'a.jpg', thumb_filename: 'a-t.jpg', match: '/media/a.jpg' };

describe('which banner has the one banner slot (issue 25 item 3, issue 32 item 3)', () => {
  it('is the activation reminder for a member just signed up, who has all three', () => {
    expect(leadingBanner(justSignedUp(), '/members', NOW)).toBe('activation');
  });

  it('is the time bonus once the address is confirmed, then the photo alert once it ended', () => {
    expect(leadingBanner(justSignedUp(activated), '/members', NOW)).toBe('time-bonus');
    const later = NOW + TIME_BONUS_SECONDS * 1000;
    expect(leadingBanner(justSignedUp(activated), '/members', later)).toBe('profile-photo');
    expect(leadingBanner(justSignedUp({ ...activated, paid_user: true }), '/', NOW)).toBe(
      'profile-photo',
    );
  });

  it('passes over a banner where its page hides it', () => {
    // spec §4: no activation reminder on settings; spec §9: no photo alert on premium;
    // the offer pages count the bonus down themselves (issue 25 item 8).
    expect(leadingBanner(justSignedUp(), '/settings', NOW)).toBe('time-bonus');
    expect(leadingBanner(justSignedUp(activated), '/credits', NOW)).toBe('profile-photo');
    expect(leadingBanner(justSignedUp(activated), '/premium', NOW)).toBeNull();
  });

  it('hands the slot on past a banner the member dismissed (spec §4 hide-… keys)', () => {
    const bounced = justSignedUp({
      ...activated,
      paid_user: true,
      notifications_disabled: ['bounce'],
    });
    expect(leadingBanner(bounced, '/members', NOW)).toBe('profile-photo');
    const photoDismissed = (key: string) => key === 'hide-enrich-alert';
    expect(leadingBanner(bounced, '/members', NOW, photoDismissed)).toBe('disabled-notifications');
    expect(leadingBanner(bounced, '/members', NOW, () => true)).toBeNull();
    // spec §9: the disabled-notifications alert is not shown on settings and notifications.
    expect(leadingBanner(bounced, '/notifications', NOW, photoDismissed)).toBeNull();
    // Neither the activation reminder nor the time bonus can be dismissed: they keep the slot.
    expect(leadingBanner(justSignedUp(), '/members', NOW, () => true)).toBe('activation');
    expect(leadingBanner(justSignedUp(activated), '/members', NOW, () => true)).toBe('time-bonus');
  });

  it('is none for a visitor or a member with nothing to be told', () => {
    expect(leadingBanner(null, '/', NOW)).toBeNull();
    const profile = { ...activated.profile, main_image: { ...photo, status: 'active' as const } };
    const settled = justSignedUp({ ...activated, profile, paid_user: true });
    expect(leadingBanner(settled, '/members', NOW)).toBeNull();
  });
});

describe('the time bonus (spec §9: 14,400 s from signup, never for a paid member)', () => {
  it('runs until 4 hours after signup', () => {
    const signup = justSignedUp({ signup_date: new Date(NOW).toISOString() });
    expect(timeBonusShows(signup, NOW + TIME_BONUS_SECONDS * 1000 - 1)).toBe(true);
    expect(timeBonusShows(signup, NOW + TIME_BONUS_SECONDS * 1000)).toBe(false);
    expect(timeBonusShows({ ...signup, paid_user: true }, NOW)).toBe(false);
  });
});
