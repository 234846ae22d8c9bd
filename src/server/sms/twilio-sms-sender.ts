import type { SmsSender } from './sms-sender';
import { SmsRefused } from './sms-sender';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 or an alphanumeric sender id. */
  from: string;
  /** https://api.twilio.com, or the tests' local fake. */
  apiUrl: string;
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
}

/**
 * Texts through Twilio's Messages API (issue 29 item 3): `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` and `Body`, HTTP
 * basic authentication with the account SID and auth token; `201 Created` when Twilio
 * accepted the message. A 400 is Twilio's no to the number (SmsRefused); anything else
 * (wrong credentials, a 5xx, a timeout) is thrown as is. Twilio has no idempotency key for
 * messages, so a failed send is not retried here: the member asks for a new code.
 */
export function twilioSmsSender(options: TwilioOptions): SmsSender {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiUrl,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'real',
    async send(_siteId, phone, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: phone, From: options.from, Body: text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (response.status === 201 || response.status === 200) return;
      // Twilio's error body: { code, message, more_info, status }.
      const detail = (await response.json().catch(() => null)) as {
        code?: number;
        message?: string;
      } | null;
      const what = `Twilio answered ${response.status} (${detail?.code ?? '?'}: ${detail?.message ?? ''})`;
      // 400 is Twilio's no to this message (an invalid or unreachable number); 401, 403 and
      // 404 are our configuration (credentials, account), 429 and 5xx a passing fault.
      if (response.status === 400) throw new SmsRefused(what);
      throw new Error(what);
    },
  };
}
