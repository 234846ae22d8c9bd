import { TZDate } from '@date-fns/tz';

/** Quiet hours in the member's own time zone: no notification mail from 22:00 to 08:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** The end of the quiet hours if `now` falls in them (in `timeZone`), else null. */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const local = new TZDate(now.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const end = new TZDate(local.getTime(), timeZone);
  if (hour >= QUIET_FROM_HOUR) end.setDate(end.getDate() + 1);
  end.setHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  return new Date(end.getTime());
}
