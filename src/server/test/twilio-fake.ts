import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Twilio's Messages API (issue 29 item 3), for testing the real SMS client
 * (sms/twilio-sms-sender.ts) end to end: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with HTTP basic authentication and a form body (To, From, Body), answered `201` with the
 * message resource as Twilio documents it, or Twilio's error body for a bad number (21211),
 * wrong credentials (20003) or a number the test refuses.
 */
export interface TwilioFake {
  /** The TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_API_URL to configure. */
  accountSid: string;
  authToken: string;
  apiUrl: string;
  /** Every message accepted, in order. */
  messages: Array<{ to: string; from: string; body: string }>;
  /** Numbers Twilio will not text (as for a landline): 400, code 21614. */
  refuseNumbers: Set<string>;
  /** The last code texted to this number (the direct-debit code's six digits). */
  codeFor(phone: string): string;
  close(): Promise<void>;
}

const readForm = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
};

export async function startTwilioFake(): Promise<TwilioFake> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const error = (response: ServerResponse, status: number, code: number, message: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        code,
        message,
        more_info: `https://www.twilio.com/docs/errors/${code}`,
        status,
      }),
    );
  };
  const server = createServer((request, response) => {
    void (async () => {
      const form = await readForm(request);
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
        return error(response, 404, 20404, 'The requested resource was not found');
      if (request.headers.authorization !== expectedAuth)
        return error(response, 401, 20003, 'Authentication Error - invalid username');
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{7,14}$/.test(to))
        return error(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (fake.refuseNumbers.has(to))
        return error(response, 400, 21614, `'To' number ${to} is not a valid mobile number`);
      if (!from || !body) return error(response, 400, 21602, 'Message body is required.');
      fake.messages.push({ to, from, body });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          sid: `SM${randomBytes(16).toString('hex')}`,
          account_sid: accountSid,
          to,
          from,
          body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: TwilioFake = {
    accountSid,
    authToken,
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: [],
    refuseNumbers: new Set(),
    codeFor(phone) {
      const text = fake.messages.filter((message) => message.to === phone).at(-1)?.body ?? '';
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (!code) throw new Error(`no code texted to ${phone}`);
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
