import { serverT } from '@server/i18n/server-texts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What one notification mail says: the texts are the caller's, already translated. */
export interface NotificationMailContent {
  subject: string;
  /** Paragraphs before the button; a paragraph's lines stay lines (a list of names, figures). */
  paragraphs: string[];
  button: string;
  actionUrl: string;
}

export interface NotificationMailParts extends NotificationMailContent {
  language: string;
  mailName: string;
  recipientName: string;
  /** The notifications page and the one-click unsubscribe address (issue 31 item 5). */
  pageUrl: string;
  unsubscribeUrl: string;
}

/** A notification mail: one call to action, why it came, the page and the unsubscribe link. */
export function renderNotificationMail(parts: NotificationMailParts) {
  const t = serverT(parts.language, 'notifications');
  const { subject, paragraphs, button } = parts;
  const greeting = t('mail.greeting', { name: parts.recipientName });
  const why = t('mail.why');
  const manage = t('mail.manage');
  const unsubscribe = t('mail.unsubscribe');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${button}: ${parts.actionUrl}`,
    '',
    '--',
    why,
    `${manage}: ${parts.pageUrl}`,
    `${unsubscribe}: ${parts.unsubscribeUrl}`,
  ].join('\n');
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#6b6880">${escapeHtml(label)}</a>`;
  const paragraphHtml = (paragraph: string) =>
    `<p style="margin:0 0 16px">${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(parts.language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1f8;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#db2777;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(parts.mailName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5;color:#1e1b2e">
${paragraphHtml(greeting)}
${paragraphs.map(paragraphHtml).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(parts.actionUrl)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(button)}</a></p>
</td></tr>
<tr><td style="padding:16px 28px;background:#faf8fc;font-size:12px;color:#6b6880">${escapeHtml(why)}<br>${link(parts.pageUrl, manage)} · ${link(parts.unsubscribeUrl, unsubscribe)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
