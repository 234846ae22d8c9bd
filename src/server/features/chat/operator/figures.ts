import type { Db } from '@server/db/database';
import { countWaiting } from './inbox-queue';

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * The inbox's figures over the last `days` (issue 30 item 3): median and 90th-percentile
 * answer time (from the oldest waiting message to the answer), the waiting count now, and
 * answers per operator per UTC day.
 */
export function inboxFigures(db: Db, siteId: number, days: number, now = new Date()) {
  const start = new Date(now.getTime() - days * 86_400_000).toISOString();
  return operatorFigures(db, siteId, { start, end: now.toISOString() });
}

/** The same figures for the answers given from `start` up to (not including) `end`. */
export async function operatorFigures(
  db: Db,
  siteId: number,
  { start, end }: { start: string; end: string },
) {
  const [waiting, answers, perOperator] = await Promise.all([
    countWaiting(db, siteId),
    db
      .selectFrom('operator_answers')
      .select('waited_ms')
      .where('site_id', '=', siteId)
      .where('answered_at', '>=', start)
      .where('answered_at', '<', end)
      .execute(),
    db
      .selectFrom('operator_answers')
      .innerJoin('staff', 'staff.id', 'operator_answers.staff_id')
      .select((eb) => [
        'operator_answers.staff_id',
        'staff.name',
        eb.fn<string>('substr', ['operator_answers.answered_at', eb.val(1), eb.val(10)]).as('day'),
        eb.fn.countAll<number>().as('answers'),
      ])
      .where('operator_answers.site_id', '=', siteId)
      .where('operator_answers.answered_at', '>=', start)
      .where('operator_answers.answered_at', '<', end)
      .groupBy(['operator_answers.staff_id', 'staff.name', 'day'])
      .orderBy('day', 'desc')
      .orderBy('staff.name')
      .execute(),
  ]);
  const waits = answers.map((row) => row.waited_ms).sort((a, b) => a - b);
  const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));
  return {
    waiting,
    answers: waits.length,
    median_answer_seconds: seconds(percentile(waits, 0.5)),
    p90_answer_seconds: seconds(percentile(waits, 0.9)),
    per_operator: perOperator.map((row) => ({
      staff_id: row.staff_id,
      name: row.name,
      day: row.day,
      answers: Number(row.answers),
    })),
  };
}
