/** Midnight UTC that began `now`'s day (the swipe game's and auto-like's day: a UTC day). */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The next midnight UTC after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() + 24 * 60 * 60_000);
}
