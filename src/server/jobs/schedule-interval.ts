/**
 * The interval of the few cron shapes the jobs use: every N minutes (a divisor of 60,
 * `*\/5 * * * *`) or every N hours on the hour (`0 *\/6 * * *`, `0 * * * *`). pg-boss runs
 * them as cron; the embedded outbox, one process, runs them on a timer of the same length.
 */
export function intervalOfCron(cron: string): number {
  const minutes = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (minutes && 60 % Number(minutes[1]) === 0) return Number(minutes[1]) * 60_000;
  const hours = /^0 (\*|\*\/(\d+)) \* \* \*$/.exec(cron);
  if (hours) return Number(hours[2] ?? 1) * 60 * 60_000;
  throw new Error(`unsupported schedule ${cron}: use */N minutes or 0 */N hours`);
}
