import type { FastifyRequest } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { DEFAULT_LOCALE, isLocale } from '@contract/locales';
import type { Db } from '@server/db/database';
import type { EmailTokenPurpose } from '@server/db/schema';
import { findMemberById } from '@server/db/members-table';
import { findSiteById } from '@server/features/sites';
import { type MailKind, renderActionMail } from '@server/mail/mail-template';
import type { Services } from '@server/services';
import { TOKEN_LIFETIME_MINUTES, createEmailToken } from './email-tokens';

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

const TOKEN_PURPOSES: Record<MailKind, EmailTokenPurpose> = {
  activation: 'activation',
  reset: 'reset',
  mailChange: 'mail_change',
};

/** One account mail to send: its link is made when the job runs, so no token is stored raw. */
export interface AccountMailJob {
  memberId: number;
  kind: MailKind;
  /** The site's origin as the request was answered (siteOriginOf). */
  origin: string;
  /** The new address of a mail change; otherwise the member's own. */
  recipient?: string;
}

declare module '@server/jobs' {
  interface JobPayloads {
    'mail.account': AccountMailJob;
  }
}

/**
 * Enqueues one of the account mails in `trx`, the transaction of the change that asks for it
 * (issue 31 item 1): a crash after the commit cannot lose it, a rollback sends nothing.
 * The caller wakes the jobs after its commit.
 */
export async function enqueueAccountMail(
  services: Pick<Services, 'jobs'>,
  trx: Db,
  request: FastifyRequest,
  job: Omit<AccountMailJob, 'origin'>,
): Promise<void> {
  await services.jobs.enqueue(trx, 'mail.account', { ...job, origin: siteOriginOf(request) });
}

/**
 * Sends one account mail, in the member's language, branded for the site. Run at least once:
 * a retry after a failed send makes a new link, and the older one stays valid until it ends.
 */
export async function sendAccountMail(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  job: AccountMailJob,
): Promise<void> {
  const { db } = services;
  const member = await findMemberById(db, job.memberId);
  // Gone, or activated since the resend was asked for: nothing left to send.
  if (!member || (job.kind === 'activation' && member.status !== 'not_confirmed')) return;
  const site = await findSiteById(db, member.site_id);
  if (!site) return;
  const token = await createEmailToken(
    db,
    member.id,
    TOKEN_PURPOSES[job.kind],
    job.kind === 'mailChange' ? (job.recipient ?? null) : null,
  );
  const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const actionUrl = `${job.origin}${MAIL_PATHS[job.kind]}?token=${encodeURIComponent(token)}`;
  const mail = renderActionMail(
    job.kind,
    locale,
    { siteName: site.settings.name, mailName: site.settings.mail_name },
    member.name,
    actionUrl,
    { minutes: TOKEN_LIFETIME_MINUTES.reset },
  );
  await services.mailer.send({
    siteId: site.id,
    from: {
      name: site.settings.mail_name,
      address: services.config.MAIL_FROM_ADDRESS ?? `no-reply@${site.domain}`,
    },
    to: job.recipient ?? member.email,
    ...mail,
  });
}
