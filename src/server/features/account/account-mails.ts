import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale } from '@contract/locales';
import type { MemberRow } from '@server/db/schema';
import { type MailKind, renderActionMail } from '@server/mail/mail-template';
import type { AccountDependencies } from './account-dependencies';
import { TOKEN_LIFETIME_MINUTES } from './email-tokens';

/** The address links in mails point to: the site the member used. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const MAIL_PATHS: Record<MailKind, string> = {
  activation: '/api/activate.php',
  reset: '/reset-password/do',
  mailChange: '/mail-change/do',
};

/** Sends one of the account mails, in the member's language, branded for the site. */
export async function sendAccountMail(
  deps: AccountDependencies,
  request: FastifyRequest,
  kind: MailKind,
  member: MemberRow,
  token: string,
  recipient = member.email,
): Promise<void> {
  const { settings, domain } = request.site;
  const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const actionUrl = `${originOf(request)}${MAIL_PATHS[kind]}?token=${encodeURIComponent(token)}`;
  const mail = renderActionMail(
    kind,
    locale,
    { siteName: settings.name, mailName: settings.mail_name },
    member.name,
    actionUrl,
    { minutes: TOKEN_LIFETIME_MINUTES.reset },
  );
  await deps.mailer.send({
    siteId: request.site.id,
    from: {
      name: settings.mail_name,
      address: deps.config.MAIL_FROM_ADDRESS ?? `no-reply@${domain}`,
    },
    to: recipient,
    ...mail,
  });
}
