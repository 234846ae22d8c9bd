import { z } from 'zod';

/** Whether the runtime knows this IANA time zone (e.g. "Europe/Amsterdam"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time zone as a browser reports it (Intl.DateTimeFormat().resolvedOptions()): the
 * member's day for the swipe game's 4 likes ends at their midnight (spec §9).
 */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'invalid_value');

/** The browser's own time zone, or undefined where it cannot say. */
export function browserTimeZone(): string | undefined {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return name && isTimeZone(name) ? name : undefined;
}
