import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startSmtpCapture } from '../src/server/test/smtp-capture';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    database: { sqlitePath: string; schema: string };
  }
}

/**
 * One real server for the browser tests, started from the built app like `npm start`, with a
 * real SMTP server in process; the mails it receives are readable as JSON at mailboxUrl.
 */
export default async function setup(project: TestProject) {
  const smtp = await startSmtpCapture();
  const mailbox = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const server = await startServer({ SMTP_URL: smtp.url });
  project.provide('baseUrl', server.baseUrl);
  project.provide('database', server.database);
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`);
  return async () => {
    await server.stop();
    mailbox.close();
    await smtp.close();
  };
}
