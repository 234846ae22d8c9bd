import { serverT } from '@server/i18n/server-texts';

/**
 * The direct-debit code text in the member's language (payments → sms, STYLE.md §12), its
 * every placeholder filled by the one translate function (issue 31 item 3).
 */
export function directDebitCodeText(language: string, site: string, code: string): string {
  return serverT(language, 'payments')('sms', { site, code });
}
