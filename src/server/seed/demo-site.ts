import { DEFAULT_PAYMENT_SETTINGS } from '@contract/payments';
import type { Db } from '@server/db/database';
import type { StoredSiteSettings } from '@server/features/sites';
import { INTEREST_KEYS } from './interest-keys';
import texts from './demo-site-texts.json';

// One country per locale's home market, plus neighbours that share a language (spec §1).
const COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'GB',
  'IE',
  'US',
  'FR',
  'IT',
  'ES',
  'PL',
  'DK',
  'FI',
  'NO',
  'SE',
];

// What one message costs at the cheapest bundle, in the smallest currency unit.
const MINIMUM_MESSAGE_COSTS: StoredSiteSettings['minimum_message_costs'] = {
  NL: { costs: 39, currency: 'EUR' },
  BE: { costs: 39, currency: 'EUR' },
  DE: { costs: 39, currency: 'EUR' },
  AT: { costs: 39, currency: 'EUR' },
  CH: { costs: 45, currency: 'CHF' },
  GB: { costs: 35, currency: 'GBP' },
  IE: { costs: 39, currency: 'EUR' },
  US: { costs: 45, currency: 'USD' },
  FR: { costs: 39, currency: 'EUR' },
  IT: { costs: 39, currency: 'EUR' },
  ES: { costs: 35, currency: 'EUR' },
  PL: { costs: 159, currency: 'PLN' },
  DK: { costs: 295, currency: 'DKK' },
  FI: { costs: 39, currency: 'EUR' },
  NO: { costs: 449, currency: 'NOK' },
  SE: { costs: 449, currency: 'SEK' },
};

export function demoSiteSettings(): StoredSiteSettings {
  return {
    countries: COUNTRIES,
    name: 'Amora',
    visible_profile_fields: [
      'gender',
      'age',
      'country',
      'region',
      'relationship_status',
      'body_type',
      'hair_color',
      'eye_color',
      'interests',
    ],
    visible_profile_notes: ['about'],
    cdn_prefix: '/media',
    message_credits: 5,
    photo_credits: 10,
    gift_credits: 15,
    signup_credits: 10,
    message_length: 1000,
    minimum_message_costs: MINIMUM_MESSAGE_COSTS,
    support_email: 'support@amora.example',
    support_phone: '+31 20-123 4567',
    enable_site_entry_popup: true,
    site_entry_popup_countries: ['NL', 'BE', 'DE', 'AT', 'CH'],
    search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
    domain_language: 'en-GB',
    refund_days: 14,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    member_resell: false,
    niche: 1,
    mail_name: 'Amora',
    min_age: 18,
    photo_moderation: false,
    // Members' days (the swipe game) end at midnight here until their browser tells theirs.
    time_zone: 'Europe/Amsterdam',
    // Fictional demo profiles may like a new member (always shown as fictional).
    auto_like: { enabled: true, first_after_minutes: 2, every_minutes: 60, max_per_day: 3 },
    chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 30 },
    payments: DEFAULT_PAYMENT_SETTINGS,
    app_colors: { brand: '#db2777', background: '#ffffff' },
    // /landers/{lander}/{slug}: niches and headline sets an advertiser can link to.
    lander_variants: {
      women: { gender: 'female', headline: 'romance' },
      men: { gender: 'male', headline: 'romance' },
      'over-40': { min_age: 40, headline: 'mature' },
      tonight: { headline: 'tonight' },
      adventure: { headline: 'adventure', max_age: 35 },
    },
    texts,
  };
}

export interface SeededSite {
  siteId: number;
  companyId: number;
}

/** Seeds the company, the site for `domain` (plus aliases) and the interests list. */
export async function seedDemoSite(
  db: Db,
  domain = 'localhost',
  aliases: string[] = ['127.0.0.1', '[::1]', '::1'],
): Promise<SeededSite> {
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({
        name: 'Amora Online B.V.',
        address: 'Herengracht 420',
        kvk: '87654321',
        city: '1017 BZ Amsterdam',
        country: 'NL',
        tradenames_json: JSON.stringify(['Amora']),
        vat_numbers_json: JSON.stringify(['NL864512397B01']),
        support_phone: '+31 20-123 4567',
        delete_discount: 50,
        added: '2024-03-01T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = await trx
      .insertInto('sites')
      .values({
        domain,
        company_id: company.id,
        settings_json: JSON.stringify(demoSiteSettings()),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('site_domains')
      .values([domain, ...aliases].map((name) => ({ domain: name, site_id: site.id })))
      .execute();
    const existingInterests = await trx.selectFrom('interests').select('key').execute();
    const missing = INTEREST_KEYS.filter(
      (key) => !existingInterests.some((row) => row.key === key),
    );
    if (missing.length > 0) {
      await trx
        .insertInto('interests')
        .values(missing.map((key) => ({ key, position: INTEREST_KEYS.indexOf(key) })))
        .execute();
    }
    return { siteId: site.id, companyId: company.id };
  });
}
