/** Midnight UTC that began `now`'s day (auto-like's day: a UTC day, docs/decisions.md). */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
