import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { plainLine } from './plain-text';
import { companyInfoSchema, interestSchema } from './settings';
import { storedSiteSettingsSchema } from './stored-site-settings';

// Issue 30 item 6: the console's sites. A site's settings are edited as the whole stored
// object and checked by the same schema every stored row is parsed with (stored-site-settings.ts).

/** A host name as the site resolver looks it up: lower case, no port, no scheme. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  // Names and addresses as the site resolver's hostNameOf takes them (IPv6 in brackets too).
  .regex(/^[a-z0-9.:[\]-]+$/, 'invalid_value');

export const siteSummarySchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  company_id: z.number().int(),
  domains: z.array(z.string()),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;
export const sitesAnswerSchema = z.object({ sites: z.array(siteSummarySchema) });

export const siteQuerySchema = z.object({ site: idParamSchema });

/** What the console edits of a company (spec §3 "Company info"); `added` stays as it was. */
export const companyEditSchema = companyInfoSchema.omit({ added: true }).extend({
  name: plainLine(z.string().trim().min(1).max(120)),
  address: plainLine(z.string().trim().max(200)),
  kvk: plainLine(z.string().trim().max(40)),
  city: plainLine(z.string().trim().max(120)),
  tradenames: z.array(plainLine(z.string().trim().min(1).max(120))).max(20),
  vat_numbers: z.array(plainLine(z.string().trim().min(1).max(40))).max(20),
  support_phone: plainLine(z.string().trim().max(40)),
});
export type CompanyEdit = z.infer<typeof companyEditSchema>;

export const siteDetailAnswerSchema = z.object({
  site: siteSummarySchema.extend({ settings: storedSiteSettingsSchema }),
  company: companyEditSchema,
  /** How many sites share this company: an edit of it changes them all. */
  company_sites: z.number().int(),
});
export type SiteDetail = z.infer<typeof siteDetailAnswerSchema>;

export const siteSettingsChangeSchema = z.object({
  site: idSchema,
  settings: storedSiteSettingsSchema,
});

export const siteDomainsChangeSchema = z
  .object({
    site: idSchema,
    /** The main domain (links in mails, the `domain` setting); one of `domains`. */
    domain: domainSchema,
    domains: z.array(domainSchema).min(1).max(50),
  })
  .refine((change) => change.domains.includes(change.domain), {
    path: ['domain'],
    message: 'invalid_value',
  });

export const siteCompanyChangeSchema = z.object({ site: idSchema, company: companyEditSchema });

/** A new site starts as a copy of one the owner names, under its own name and domain. */
export const siteCreateSchema = z.object({
  domain: domainSchema,
  name: plainLine(z.string().trim().min(1).max(80)),
  copy_from: idSchema,
});
export const siteCreatedAnswerSchema = z.object({ site: siteSummarySchema });

/** The interests in their new order; an entry without id is new. */
export const interestsChangeSchema = z.object({
  interests: z
    .array(
      z.object({
        id: idSchema.optional(),
        key: z
          .string()
          .trim()
          .regex(/^[a-z][a-z0-9_]{0,39}$/, 'invalid_value'),
      }),
    )
    .max(200)
    .refine(
      (list) =>
        new Set(list.map((entry) => entry.key)).size === list.length &&
        new Set(list.flatMap((entry) => (entry.id ? [entry.id] : []))).size ===
          list.filter((entry) => entry.id).length,
      'invalid_value',
    ),
});
export const adminInterestsAnswerSchema = z.object({
  interests: z.array(interestSchema.extend({ members: z.number().int() })),
});

// ---- Figures (issue 30 item 9) -------------------------------------------------------------

const daySchema = z.iso.date('invalid_value');

export const figuresQuerySchema = z
  .object({ site: idParamSchema, from: daySchema, to: daySchema })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'invalid_value' });

export const figuresDaySchema = z.object({
  day: z.string(),
  visits: z.number().int(),
  signups: z.number().int(),
  activations: z.number().int(),
  first_purchases: z.number().int(),
  messages: z.number().int(),
  page_bounces: z.number().int(),
});
/** Signups per visit of the period; null without visits (docs/operator-console.md, "Visits"). */
const conversionSchema = z.number().nullable();

export const figuresSourceSchema = z.object({
  /**
   * The `network` tracking value of the visits and signups; null for those without one, `*`
   * (OTHER_SOURCES) for a day's visits from sources beyond the day's cap.
   */
  source: z.string().nullable(),
  visits: z.number().int(),
  signups: z.number().int(),
  conversion: conversionSchema,
  activations: z.number().int(),
  first_purchases: z.number().int(),
});
export const figuresRevenueSchema = z.object({
  currency: z.string(),
  payments: z.number().int(),
  amount_cents: z.number().int(),
  reversed_cents: z.number().int(),
});
export const figuresBounceSchema = z.object({ route: z.string(), count: z.number().int() });
export const figuresLanderSchema = z.object({
  /** The entry page (contract/visits.ts entryLanderOf); null for signups before it was kept. */
  lander: z.string().nullable(),
  visits: z.number().int(),
  signups: z.number().int(),
  conversion: conversionSchema,
});
/** The fictional-profile inbox in the period (issue 30 item 3), as the inbox's own figures. */
export const figuresOperatorsSchema = z.object({
  /** Conversations waiting now, whatever the period. */
  waiting: z.number().int(),
  answers: z.number().int(),
  median_answer_seconds: z.number().nullable(),
  p90_answer_seconds: z.number().nullable(),
  per_day: z.array(
    z.object({
      day: z.string(),
      staff_id: z.number().int(),
      name: z.string(),
      answers: z.number().int(),
    }),
  ),
});

export const siteFiguresAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(figuresDaySchema),
  sources: z.array(figuresSourceSchema),
  landers: z.array(figuresLanderSchema),
  revenue: z.array(figuresRevenueSchema),
  bounces: z.array(figuresBounceSchema),
  operators: figuresOperatorsSchema,
  totals: z.object({
    visits: z.number().int(),
    signups: z.number().int(),
    activations: z.number().int(),
    first_purchases: z.number().int(),
    messages: z.number().int(),
    /** Members (not fictional) who sent a message in the period. */
    messaging_members: z.number().int(),
    /** Members (not fictional) whose last activity is on or after the period's first day. */
    active_members: z.number().int(),
    page_bounces: z.number().int(),
    conversion: conversionSchema,
  }),
});
export type SiteFigures = z.infer<typeof siteFiguresAnswerSchema>;
