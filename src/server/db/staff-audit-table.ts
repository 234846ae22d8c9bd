import type { Db } from './database';

export interface AuditRecord {
  /** null for the command line. */
  staffId: number | null;
  action: string;
  siteId: number | null;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log (issue 30 item 2). Pass the transaction of the change it
 * records, so both commit or neither does. The only writer of staff_audit: nothing updates
 * or deletes it (a lint rule keeps it that way).
 */
export async function recordAudit(trx: Db, record: AuditRecord, now = new Date()): Promise<void> {
  await trx
    .insertInto('staff_audit')
    .values({
      staff_id: record.staffId,
      action: record.action,
      site_id: record.siteId,
      subject: record.subject,
      before_json: record.before === undefined ? null : JSON.stringify(record.before),
      after_json: record.after === undefined ? null : JSON.stringify(record.after),
      created_at: now.toISOString(),
    })
    .execute();
}
