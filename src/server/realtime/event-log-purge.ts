import type { Db } from '@server/db/database';

/**
 * How long the member event log keeps events (issue 9 §4). A socket that was away longer
 * gets a `resync` frame and its tab refetches everything; the per-member counter is kept, so
 * numbering never restarts. One indexed delete (member_events_created) an hour, a job run
 * once per deployment, keeps the table at about a week of events.
 */
export const EVENT_LOG_DAYS = 7;
export const EVENT_LOG_PURGE_SCHEDULE = '0 * * * *';

declare module '@server/jobs' {
  interface JobPayloads {
    'events.purge': Record<string, never>;
  }
}

export async function purgeOldEvents(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom('member_events')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
