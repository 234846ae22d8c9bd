import type { Db } from '@server/db/database';

/**
 * Sends a text message (issue 10 §5: the direct-debit code). Only the outbox exists so far:
 * like the mail outbox, it keeps the texts in the database, readable at /dev/sms outside
 * production. A gateway (MessageBird, Twilio, …) implements the same interface.
 */
export interface SmsSender {
  send(siteId: number, phone: string, text: string): Promise<void>;
}

export function outboxSmsSender(db: Db): SmsSender {
  return {
    async send(siteId, phone, text) {
      await db
        .insertInto('outbox_sms')
        .values({ site_id: siteId, phone, text, created_at: new Date().toISOString() })
        .execute();
    },
  };
}
