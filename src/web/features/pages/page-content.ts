import { z } from 'zod';
import type { CompanyInfo, SiteSettings } from '@contract/settings';

export const pageContentSchema = z.object({
  title: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type PageContent = z.infer<typeof pageContentSchema>;

// spec §9 "Lazy content": per-language legal, FAQ and pricing pages load on demand.
const contentFiles = import.meta.glob<{ default: unknown }>('./content/*/*.json');

export async function loadPageContent(locale: string, page: string): Promise<PageContent> {
  const loader =
    contentFiles[`./content/${locale}/${page}.json`] ?? contentFiles[`./content/en/${page}.json`];
  if (!loader) throw new Error(`No content for page ${page}`);
  return pageContentSchema.parse((await loader()).default);
}

/** The values the texts' {{placeholders}} stand for. */
export function pagePlaceholders(
  site: SiteSettings,
  company: CompanyInfo | undefined,
  termsDate: string,
): Record<string, string> {
  return {
    siteName: site.name,
    companyName: company?.name ?? site.name,
    companyAddress: company?.address ?? '',
    companyCity: company?.city ?? '',
    kvk: company?.kvk ?? '',
    vatNumber: company?.vat_numbers[0] ?? '',
    supportEmail: site.support_email,
    // spec §5: the support phone is cleaned of dashes and spaces before use.
    supportPhone: site.support_phone.replace(/[\s-]/g, ''),
    refundDays: String(site.refund_days),
    minAge: String(site.min_age),
    messageCredits: String(site.message_credits),
    photoCredits: String(site.photo_credits),
    giftCredits: String(site.gift_credits),
    termsDate,
  };
}

export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}
