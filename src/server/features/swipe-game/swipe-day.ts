import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Member } from '@server/db/member-record';
import { nextMidnight, timeZoneInForce } from '@server/db/member-time-zone';
import type { Site } from '@server/features/sites';

/** The calendar day a swipe falls on, in one time zone. */
export interface SwipeDay {
  /** YYYY-MM-DD in that zone: the key swipes made are counted under. */
  key: string;
  /** When the next day begins: midnight in that zone, as an instant. */
  endsAt: Date;
}

/**
 * The member's day (issue 23 item 15): it ends at midnight where they are, as their browser
 * told at signup or login, else at the site's midnight. Never UTC by default: 00:00 UTC is
 * 01:00 or 02:00 in the Netherlands. A zone told since applies from the end of the day it was
 * told on (issue 29 item 8), so a login with another zone cannot open a new day.
 */
export function swipeTimeZone(
  member: Pick<Member, 'time_zone' | 'next_time_zone' | 'next_time_zone_from'>,
  site: { settings: Pick<Site['settings'], 'time_zone'> },
  now: Date = new Date(),
) {
  return timeZoneInForce(member, now) ?? site.settings.time_zone;
}

/** The day `now` falls on in `timeZone`; date-fns in that zone, so DST days are 23 or 25 h. */
export function swipeDayOf(now: Date, timeZone: string): SwipeDay {
  const local = new TZDate(now.getTime(), timeZone);
  return {
    key: format(local, 'yyyy-MM-dd'),
    endsAt: nextMidnight(now, timeZone),
  };
}
