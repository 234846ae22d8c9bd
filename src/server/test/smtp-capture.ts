import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  from: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers, when present (RFC 8058). */
  listUnsubscribe?: string;
  listUnsubscribePost?: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Waits until `count` mails to `to` arrived and returns the last of them. */
  waitForMail: (to: string, count?: number, timeoutMs?: number) => Promise<CapturedMail>;
  close: () => Promise<void>;
}

const addressText = (value: ParsedMail['to'] | ParsedMail['from']) =>
  (Array.isArray(value)
    ? value.map((entry) => entry.text).join(', ')
    : (value?.text ?? '')
  ).toLowerCase();

/** A header as the mail carried it (mailparser parses List-Unsubscribe into an object). */
function headerText(parsed: ParsedMail, name: string, as: string): Record<string, string> {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  return line ? { [as]: line.slice(line.indexOf(':') + 1).trim() } : {};
}

/** A real SMTP server in process (the smtp-server package) that keeps what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: addressText(parsed.to),
            from: addressText(parsed.from),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            ...headerText(parsed, 'list-unsubscribe', 'listUnsubscribe'),
            ...headerText(parsed, 'list-unsubscribe-post', 'listUnsubscribePost'),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));

  async function waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    while (mailsTo(to).length < count) {
      if (Date.now() > deadline) throw new Error(`mail ${count} to ${to} did not arrive`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return mailsTo(to)[count - 1]!;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CapturedMail, pathPart: string): string {
  const match = mail.text.match(
    new RegExp(`https?://\\S*${pathPart.replace(/[/.?]/g, '\\$&')}\\S*`),
  );
  if (!match) throw new Error(`no ${pathPart} link in mail "${mail.subject}"`);
  return match[0];
}
