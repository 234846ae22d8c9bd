import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import type { MemberRow } from './schema';

type TimeZoneColumns = Pick<MemberRow, 'time_zone' | 'next_time_zone' | 'next_time_zone_from'>;

/** The first midnight after `now` in `timeZone` (date-fns in that zone: DST days included). */
export function nextMidnight(now: Date, timeZone: string): Date {
  return new Date(addDays(startOfDay(new TZDate(now.getTime(), timeZone)), 1).getTime());
}

/**
 * The member's time zone in force at `now`: the one told last, once the day it was told on
 * has ended; null while no browser has told one (the site's stands in).
 */
export function timeZoneInForce(member: TimeZoneColumns, now: Date): string | null {
  const { next_time_zone: next, next_time_zone_from: from } = member;
  if (next && from && Date.parse(from) <= now.getTime()) return next;
  return member.time_zone;
}

/**
 * What to store when the member's browser tells `told` at `now` (issue 29 item 8): the first
 * zone ever told applies at once; another waits for the end of the member's current day in
 * the zone in force, so alternating zones at each login cannot open a new day. Telling the
 * zone in force again drops a change still waiting. Undefined when nothing changes.
 */
export function toldTimeZoneChanges(
  member: TimeZoneColumns,
  told: string,
  now: Date,
): TimeZoneColumns | undefined {
  const inForce = timeZoneInForce(member, now);
  if (inForce === null) return { time_zone: told, next_time_zone: null, next_time_zone_from: null };
  const settled = member.time_zone === inForce && member.next_time_zone === null;
  if (told === inForce) {
    return settled
      ? undefined
      : { time_zone: inForce, next_time_zone: null, next_time_zone_from: null };
  }
  const waiting = !settled && member.time_zone === inForce;
  if (waiting && member.next_time_zone === told) return;
  return {
    time_zone: inForce,
    next_time_zone: told,
    next_time_zone_from: nextMidnight(now, inForce).toISOString(),
  };
}
