const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a message was sent, as the conversation list shows it (spec §3 "Chat list entry"):
 * "now", "5 min ago" and "3 hours ago" today, the weekday within a week, a date beyond.
 */
export function relativeTime(sentAt: string, locale: string, now: Date = new Date()): string {
  const sent = new Date(sentAt);
  const elapsed = Math.max(0, now.getTime() - sent.getTime());
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (elapsed < MINUTE) return relative.format(0, 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) {
    return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(sent);
  }
  const sameYear = sent.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(sent);
}

/** The time of day a message was sent, shown under its bubble. */
export function clockTime(sentAt: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(sentAt),
  );
}
