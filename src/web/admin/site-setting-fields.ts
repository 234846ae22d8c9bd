// The console's form for a site's stored settings (issue 30 item 6), grouped by section. Each
// field is edited as the kind of value the schema wants; nested objects as JSON. The server
// checks the whole object with the schema it parses every stored row with, so the form only
// shapes input: a setting it does not know still shows, as JSON under "other".

export type FieldKind = 'text' | 'number' | 'bool' | 'list' | 'json' | 'signups' | 'nullableText';

export interface SettingField {
  key: string;
  kind: FieldKind;
}

export const SETTING_SECTIONS: { section: string; fields: SettingField[] }[] = [
  {
    section: 'general',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'mail_name', kind: 'text' },
      { key: 'domain_language', kind: 'nullableText' },
      { key: 'countries', kind: 'list' },
      { key: 'time_zone', kind: 'text' },
      { key: 'niche', kind: 'number' },
      { key: 'min_age', kind: 'number' },
      { key: 'support_email', kind: 'text' },
      { key: 'support_phone', kind: 'text' },
      { key: 'cdn_prefix', kind: 'text' },
    ],
  },
  {
    section: 'access',
    fields: [
      { key: 'signups', kind: 'signups' },
      { key: 'logged_out_search', kind: 'bool' },
      { key: 'logged_out_search_trafficsource', kind: 'bool' },
      { key: 'member_resell', kind: 'bool' },
      { key: 'photo_moderation', kind: 'bool' },
      { key: 'enable_site_entry_popup', kind: 'bool' },
      { key: 'site_entry_popup_countries', kind: 'list' },
    ],
  },
  {
    section: 'credits',
    fields: [
      { key: 'message_credits', kind: 'number' },
      { key: 'photo_credits', kind: 'number' },
      { key: 'gift_credits', kind: 'number' },
      { key: 'signup_credits', kind: 'number' },
      { key: 'message_length', kind: 'number' },
      { key: 'refund_days', kind: 'number' },
      { key: 'minimum_message_costs', kind: 'json' },
    ],
  },
  {
    section: 'profiles',
    fields: [
      { key: 'visible_profile_fields', kind: 'list' },
      { key: 'visible_profile_notes', kind: 'list' },
      { key: 'search_fields', kind: 'list' },
    ],
  },
  {
    section: 'chat',
    fields: [
      { key: 'chat', kind: 'json' },
      { key: 'auto_like', kind: 'json' },
    ],
  },
  { section: 'payments', fields: [{ key: 'payments', kind: 'json' }] },
  { section: 'landers', fields: [{ key: 'lander_variants', kind: 'json' }] },
  { section: 'app', fields: [{ key: 'app_colors', kind: 'json' }] },
];

/** The texts per language have their own table (site-texts-table.tsx). */
export const TEXTS_KEY = 'texts';

const KNOWN = new Set([
  TEXTS_KEY,
  ...SETTING_SECTIONS.flatMap(({ fields }) => fields.map(({ key }) => key)),
]);

/** Settings the sections above do not name (added later): shown as JSON, never dropped. */
export function otherFields(settings: Record<string, unknown>): SettingField[] {
  return Object.keys(settings)
    .filter((key) => !KNOWN.has(key))
    .map((key) => ({ key, kind: 'json' }));
}

export const SIGNUP_CHOICES = ['all', 'with_trafficsource', 'invite_only', 'none'] as const;

/** How a field's value reads in its input. */
export function inputTextOf(kind: FieldKind, value: unknown): string {
  if (kind === 'list') return Array.isArray(value) ? value.join(', ') : '';
  if (kind === 'json') return JSON.stringify(value, null, 2);
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The value an input's text stands for; undefined when it is not JSON at all. */
export function valueOf(kind: FieldKind, text: string): unknown {
  switch (kind) {
    case 'number':
      return text.trim() === '' ? null : Number(text);
    case 'list':
      return text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    case 'nullableText':
      return text.trim() === '' ? null : text.trim();
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    default:
      return text;
  }
}
