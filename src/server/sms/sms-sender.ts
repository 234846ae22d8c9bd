import type { Db } from '@server/db/database';

/**
 * Sends a text message (issue 10 §5: the direct-debit code). Built once in services.ts:
 * Twilio's Messages API where configured (twilio-sms-sender.ts), else, outside production,
 * the outbox: like the mail outbox it keeps the texts in the database, readable at /dev/sms.
 * The phone number is in E.164 (+31612345678): see e164.ts.
 */
export interface SmsSender {
  /** `real`: the text reaches a phone; `outbox`: it is only kept for a developer to read. */
  readonly kind: 'real' | 'outbox';
  send(siteId: number, phone: string, text: string): Promise<void>;
}

/** The provider would not take the text (a number it cannot reach, a refused sender). */
export class SmsRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsRefused';
  }
}

export function outboxSmsSender(db: Db): SmsSender {
  return {
    kind: 'outbox',
    async send(siteId, phone, text) {
      await db
        .insertInto('outbox_sms')
        .values({ site_id: siteId, phone, text, created_at: new Date().toISOString() })
        .execute();
    },
  };
}
