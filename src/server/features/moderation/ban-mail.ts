import { pathFor } from '@contract/routes';
import { DEFAULT_LOCALE, isLocale } from '@contract/locales';
import { findMemberById } from '@server/db/members-table';
import { findSiteById } from '@server/features/sites';
import { serverT } from '@server/i18n/server-texts';
import { layoutActionMail } from '@server/mail/mail-template';
import type { Services } from '@server/services';

/** The mail that tells a member their account was banned, and why (issue 31 item 10). */
export interface BanMailJob {
  memberId: number;
  /** The moderator's words, as the member card shows them. */
  reason: string;
  /** The site's origin as the ban was asked for (siteOriginOf). */
  origin: string;
}

declare module '@server/jobs' {
  interface JobPayloads {
    'mail.banned': BanMailJob;
  }
}

/**
 * Sends the ban notice promised on the ban page (spec §2 ban), in the member's language,
 * with a link to that page (why bans happen, how to appeal). A member unbanned before the
 * job runs gets nothing; a retry after a failed send sends it once more, which is harmless.
 */
export async function sendBanMail(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  job: BanMailJob,
): Promise<void> {
  const member = await findMemberById(services.db, job.memberId);
  if (!member || member.status !== 'banned') return;
  const site = await findSiteById(services.db, member.site_id);
  if (!site) return;
  const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const t = serverT(locale, 'mail');
  const vars = {
    siteName: site.settings.name,
    reason: job.reason,
    supportEmail: site.settings.support_email,
  };
  const mail = layoutActionMail(
    locale,
    { siteName: site.settings.name, mailName: site.settings.mail_name },
    member.name,
    `${job.origin}${pathFor('pages-slug', { slug: 'ban' })}`,
    {
      subject: t('banned.subject', vars),
      intro: t('banned.intro', vars),
      button: t('banned.button', vars),
      outro: t('banned.outro', vars),
    },
  );
  await services.mailer.send({
    siteId: site.id,
    from: {
      name: site.settings.mail_name,
      address: services.config.MAIL_FROM_ADDRESS ?? `no-reply@${site.domain}`,
    },
    to: member.email,
    ...mail,
  });
}
