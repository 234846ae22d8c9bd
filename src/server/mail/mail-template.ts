import type { Locale } from '@contract/locales';
import { serverT } from '@server/i18n/server-texts';

export type MailKind = 'activation' | 'reset' | 'mailChange';

export interface MailBranding {
  siteName: string;
  mailName: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One mail with one call to action, in the member's language, as HTML (inline styles, as
 * mail clients require) and as plain text with the same words.
 */
export function renderActionMail(
  kind: MailKind,
  locale: Locale,
  branding: MailBranding,
  recipientName: string,
  actionUrl: string,
  values: Record<string, string | number> = {},
): RenderedMail {
  const t = serverT(locale, 'mail');
  const vars = { ...values, siteName: branding.siteName, mailName: branding.mailName };
  return layoutActionMail(locale, branding, recipientName, actionUrl, {
    subject: t(`${kind}.subject`, vars),
    intro: t(`${kind}.intro`, vars),
    button: t(`${kind}.button`, vars),
    outro: t(`${kind}.outro`, vars),
  });
}

/** The words of one action mail that are its own; greeting, signature and footer are shared. */
export interface ActionMailTexts {
  subject: string;
  intro: string;
  button: string;
  outro: string;
}

/**
 * Lays out an action mail whose texts a feature translates from its own namespace (the data
 * export's link, issue 31 item 8), in the same frame as the account mails.
 */
export function layoutActionMail(
  locale: Locale,
  branding: MailBranding,
  recipientName: string,
  actionUrl: string,
  { subject, intro, button, outro }: ActionMailTexts,
): RenderedMail {
  const t = serverT(locale, 'mail');
  const vars = { siteName: branding.siteName, mailName: branding.mailName };
  const greeting = t('common.greeting', { name: recipientName });
  const fallback = t('common.linkFallback');
  const signature = t('common.signature', vars);
  const footer = t('common.footer', vars);

  const text = [
    greeting,
    '',
    intro,
    '',
    `${button}: ${actionUrl}`,
    '',
    outro,
    '',
    signature,
    '',
    '--',
    footer,
  ].join('\n');
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e1b2e">${escapeHtml(content).replaceAll('\n', '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1f8;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#db2777;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(branding.mailName)}</td></tr>
<tr><td style="padding:28px">
${paragraph(greeting)}
${paragraph(intro)}
<p style="margin:24px 0"><a href="${escapeHtml(actionUrl)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b6880">${escapeHtml(fallback)}<br><a href="${escapeHtml(actionUrl)}" style="color:#2563eb;word-break:break-all">${escapeHtml(actionUrl)}</a></p>
${paragraph(outro)}
${paragraph(signature)}
</td></tr>
<tr><td style="padding:16px 28px;background:#faf8fc;font-size:12px;color:#6b6880">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
