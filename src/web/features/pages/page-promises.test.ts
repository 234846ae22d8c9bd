import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELETION_UNDO_DAYS } from '@contract/account-deletion';
import { LOCALES } from '@contract/locales';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@contract/notifications';
import { PAYMENT_METHODS } from '@contract/payments';
import { PHOTO_LIMITS } from '@contract/profiles';
import { SWIPE_LIKES_PER_DAY } from '@contract/discovery';
import { TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS } from '@contract/time-bonus';
import { pageContentSchema } from './page-content';

// Issue 31 item 10: the site's own words are true. The legal and help pages promise features,
// limits and numbers; this test reads them and holds each promise against the rule that keeps
// it, and holds every language to the numbers the English text gives.
const CONTENT_DIR = join(import.meta.dirname, 'content');
const PAGES = ['ban', 'faq', 'privacy', 'terms', 'return-policy', 'service', 'cookies'];

const paragraphsOf = (locale: string, page: string) =>
  pageContentSchema
    .parse(JSON.parse(readFileSync(join(CONTENT_DIR, locale, `${page}.json`), 'utf8')))
    .sections.flatMap((section) => section.paragraphs);
const textOf = (page: string) => paragraphsOf('en', page).join('\n');
/**
 * The numbers a paragraph states ("4 likes", "14 days", "25%"), placeholders left out, and
 * whole hours written as each language writes them ("17:00" in English, "17.00" in Danish, "17 h" in French).
 */
const numbersIn = (text: string) =>
  [
    ...text
      .replace(/\{\{\w+\}\}/g, '')
      .replace(/(?<=\d)[:.]00\b/g, '')
      .matchAll(/\d+/g),
  ]
    .map((match) => match[0])
    .sort();

describe('the pages promise what the product does (issue 31 item 10)', () => {
  it('undoes a deletion within the days the FAQ, privacy statement and terms name', () => {
    for (const page of ['faq', 'privacy', 'terms'])
      expect(textOf(page), page).toContain(`within ${DELETION_UNDO_DAYS} days`);
  });

  it('gives the photo limits, swipe likes and welcome discount the FAQ names', () => {
    const faq = textOf('faq');
    expect(faq).toContain(`${SWIPE_LIKES_PER_DAY} likes a day`);
    expect(faq).toContain(`up to ${PHOTO_LIMITS.premium} photos instead of ${PHOTO_LIMITS.free}`);
    expect(faq).toContain(`a ${TIME_BONUS_PERCENTAGE}% welcome discount`);
    expect(faq).toContain(`valid for ${TIME_BONUS_SECONDS / 3600} hours after signing up`);
    expect(textOf('terms')).toContain(
      `Free members may upload up to ${PHOTO_LIMITS.free} photos, premium members up to ${PHOTO_LIMITS.premium}`,
    );
  });

  it('offers every payment method the FAQ and terms name', () => {
    const named: Record<string, (typeof PAYMENT_METHODS)[number]> = {
      iDEAL: 'ideal',
      Bancontact: 'bancontact',
      'credit card': 'creditcard',
      PayPal: 'paypal',
      'Apple Pay': 'applepay',
      'SEPA direct debit': 'directdebit',
      'bank transfer': 'banktransfer',
      Sofort: 'sofort',
    };
    for (const page of ['faq', 'terms'])
      for (const [name, method] of Object.entries(named)) {
        expect(textOf(page), `${page} names ${name}`).toContain(name);
        expect(PAYMENT_METHODS).toContain(method);
      }
  });

  it('lets each kind of e-mail and push notification be switched on its own, as promised', () => {
    expect(textOf('faq')).toContain(
      'switch each kind of e-mail and push notification on or off separately',
    );
    expect(NOTIFICATION_CHANNELS).toEqual(['mail', 'push']);
    // "for example for new messages, likes or matches": matches go with likes.
    expect(NOTIFICATION_KINDS).toEqual(expect.arrayContaining(['new_messages', 'likes']));
  });

  it('mails a banned member why, as the ban page says (moderation/ban-mail.test.ts)', () => {
    expect(textOf('ban')).toContain(
      'We let you know by e-mail that your account has been banned and why.',
    );
  });

  for (const page of PAGES)
    it(`${page} states the same numbers in every language`, () => {
      const english = paragraphsOf('en', page).map(numbersIn);
      for (const locale of LOCALES)
        expect(paragraphsOf(locale, page).map(numbersIn), locale).toEqual(english);
    });
});
