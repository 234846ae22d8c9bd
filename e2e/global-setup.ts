import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startSmtpCapture } from '../src/server/test/smtp-capture';
import { startTwilioFake } from '../src/server/test/twilio-fake';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    smsboxUrl: string;
    database: { sqlitePath: string; schema: string };
  }
}

/**
 * One real server for the browser tests, started from the built app like `npm start`, with a
 * real SMTP server in process; the mails it receives are readable as JSON at mailboxUrl. Texts
 * go to a local fake of Twilio's API (production offers direct debit only with an SMS
 * gateway, issue 29 item 3); what it received is readable as JSON at smsboxUrl.
 */
export default async function setup(project: TestProject) {
  const smtp = await startSmtpCapture();
  const mailbox = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const twilio = await startTwilioFake();
  const smsbox = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(twilio.messages));
  });
  await new Promise<void>((resolve) => smsbox.listen(0, '127.0.0.1', resolve));
  const server = await startServer({
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: 'Amora',
    TWILIO_API_URL: twilio.apiUrl,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('database', server.database);
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`);
  project.provide('smsboxUrl', `http://127.0.0.1:${(smsbox.address() as AddressInfo).port}`);
  return async () => {
    await server.stop();
    mailbox.close();
    smsbox.close();
    await twilio.close();
    await smtp.close();
  };
}
