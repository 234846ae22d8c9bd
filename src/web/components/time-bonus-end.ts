import type { LoggedInUser } from '@contract/account';
import { TIME_BONUS_SECONDS } from '@contract/time-bonus';

// Apart from the other banners' rules (site-banner-rules.ts): main.tsx asks this one before
// the first paint, and the rest stay in the member-only chunk (issue 25 item 6).

type User = LoggedInUser | null | undefined;

/**
 * spec §4, §9 time bonus TIMEBONUS25: for a logged-in member who never paid, within 14,400 s
 * of signup. Derived from the user record, so it is cleared at zero, on logout and on payment
 * and loaded on login by itself; the server alone decides the price (discounts.ts).
 */
export function timeBonusEnd(user: User): string | null {
  if (!user || user.paid_user) return null;
  return new Date(Date.parse(user.signup_date) + TIME_BONUS_SECONDS * 1000).toISOString();
}

// main.tsx loads the banner's texts (the credits namespace) before the first paint when it
// shows, so the banner does not push the page down when they arrive (issue 25 item 6: CLS).
export function timeBonusShows(user: User, now = Date.now()): boolean {
  const endsAt = timeBonusEnd(user);
  return endsAt !== null && Date.parse(endsAt) > now;
}
