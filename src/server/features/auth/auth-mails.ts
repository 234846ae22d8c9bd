import type { FastifyRequest } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { DEFAULT_LOCALE, isLocale } from '@contract/locales';
import type { Member } from '@server/db/member-record';
import { type MailKind, renderActionMail } from '@server/mail/mail-template';
import type { Services } from '@server/services';
import { TOKEN_LIFETIME_MINUTES } from './email-tokens';

const LOOPBACK_DOMAINS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address links in mails point to: the stored domain of the site the request was
 * resolved to, always https. Never the request's Host, X-Forwarded-Host or protocol, which
 * a client can forge to mail a member a link to someone else's server (issue 7 §1.1). Only a
 * loopback development site keeps plain http and the port it was reached on: its host name
 * is fixed, so nothing can be redirected elsewhere.
 */
export function siteOriginOf(request: FastifyRequest): string {
  const { domain } = request.site;
  if (!LOOPBACK_DOMAINS.has(domain)) return `https://${domain}`;
  const port = /:(\d{1,5})$/.exec(request.headers.host ?? '')?.[1];
  return `http://${domain}${port ? `:${port}` : ''}`;
}

const MAIL_PATHS: Record<MailKind, string> = {
  activation: accountApi.activate.path,
  reset: '/reset-password/do',
  mailChange: '/mail-change/do',
};

/** Sends one of the account mails, in the member's language, branded for the site. */
export async function sendAccountMail(
  deps: Pick<Services, 'mailer' | 'config'>,
  request: FastifyRequest,
  kind: MailKind,
  member: Member,
  token: string,
  recipient = member.email,
): Promise<void> {
  const { settings, domain } = request.site;
  const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const actionUrl = `${siteOriginOf(request)}${MAIL_PATHS[kind]}?token=${encodeURIComponent(token)}`;
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
