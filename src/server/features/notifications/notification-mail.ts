import { serverT } from '@server/i18n/server-texts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface NotificationMailParts {
  language: string;
  siteName: string;
  mailName: string;
  recipientName: string;
  /** The texts under `mail.` of the notifications namespace: unread, likes, matches, weekly. */
  topic: 'unread' | 'likes' | 'matches' | 'weekly';
  count: number;
  actionUrl: string;
  /** The notifications page and the one-click unsubscribe address (issue 31 item 5). */
  pageUrl: string;
  unsubscribeUrl: string;
}

/** A notification mail: one call to action, why it came, the page and the unsubscribe link. */
export function renderNotificationMail(parts: NotificationMailParts) {
  const t = serverT(parts.language, 'notifications');
  const vars = { count: parts.count, siteName: parts.siteName };
  const subject = t(`mail.${parts.topic}Subject`, vars);
  const greeting = t('mail.greeting', { name: parts.recipientName });
  const intro = t(`mail.${parts.topic}Intro`, vars);
  const button = t(`mail.${parts.topic}Button`, vars);
  const why = t('mail.why');
  const manage = t('mail.manage');
  const unsubscribe = t('mail.unsubscribe');
  const text = [
    greeting,
    '',
    intro,
    '',
    `${button}: ${parts.actionUrl}`,
    '',
    '--',
    why,
    `${manage}: ${parts.pageUrl}`,
    `${unsubscribe}: ${parts.unsubscribeUrl}`,
  ].join('\n');
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#6b6880">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(parts.language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1f8;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#db2777;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(parts.mailName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5;color:#1e1b2e">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(parts.actionUrl)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(button)}</a></p>
</td></tr>
<tr><td style="padding:16px 28px;background:#faf8fc;font-size:12px;color:#6b6880">${escapeHtml(why)}<br>${link(parts.pageUrl, manage)} · ${link(parts.unsubscribeUrl, unsubscribe)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
