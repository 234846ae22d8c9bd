import type { CapturedMail } from '../../src/server/test/smtp-capture';

/** Waits until a mail to `to` whose subject matches arrives at the test SMTP server. */
export async function waitForMail(
  mailboxUrl: string,
  to: string,
  subject: RegExp,
): Promise<CapturedMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(mailboxUrl)).json()) as CapturedMail[];
    const found = mails
      .filter((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject))
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

export function firstLink(mail: CapturedMail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in "${mail.subject}"`);
  return link;
}
