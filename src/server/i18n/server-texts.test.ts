import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';
import { directDebitCodeText } from '@server/features/payments/sms-texts';
import { renderActionMail } from '@server/mail/mail-template';
import { serverT } from './server-texts';

// Issue 31 item 3: mail and SMS are translated by the web app's translate function over the
// same catalogues (src/locales), every placeholder filled.
const branding = { siteName: 'Amora', mailName: 'Amora Mail' };

describe('the server texts', () => {
  it('fill both placeholders of the direct-debit SMS in every language', () => {
    for (const locale of LOCALES) {
      const text = directDebitCodeText(locale, 'Amora', '482913');
      expect(text, locale).toContain('Amora');
      expect(text, locale).toContain('482913');
      expect(text, locale).not.toContain('{{');
    }
    expect(directDebitCodeText('en', 'Amora', '482913')).toMatch(/^Your Amora code: 482913\./);
  });

  it('render every mail in every language with no placeholder left', () => {
    for (const locale of LOCALES) {
      for (const kind of ['activation', 'reset', 'mailChange'] as const) {
        const mail = renderActionMail(kind, locale, branding, 'Sanne', 'https://x.test/a', {
          minutes: 60,
        });
        expect(`${mail.subject}${mail.text}${mail.html}`, `${locale} ${kind}`).not.toContain('{{');
        expect(mail.text, `${locale} ${kind}`).toContain('Sanne');
      }
    }
    const reset = renderActionMail('reset', 'en', branding, 'Sanne', 'https://x.test/a', {
      minutes: 60,
    });
    expect(reset.subject).toBe('Reset your Amora password');
    expect(reset.text).toContain('valid for 60 minutes');
    expect(reset.text).toContain('The Amora Mail team');
  });

  it('choose plural forms by the language and answer in en for a language the app lacks', () => {
    const pl = serverT('pl', 'payments');
    expect(pl('credits', { count: 3 })).not.toBe(pl('credits', { count: 5 }));
    expect(serverT('xx', 'mail')('activation.button')).toBe('Confirm my e-mail address');
  });
});
