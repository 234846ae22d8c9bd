import nodemailer from 'nodemailer';
import type { Db } from '@server/db/database';

export interface OutgoingMail {
  siteId: number;
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers: a notification mail's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** Sends e-mail (DESIGN.md §7): SMTP when configured, else the development outbox. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/** Keeps mails in a table a developer reads at /dev/mails; nothing leaves the machine. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto('outbox_mails')
        .values({
          site_id: mail.siteId,
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
    close: () => undefined,
  };
}
