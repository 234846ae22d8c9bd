/** One namespace's texts in one language, as its JSON file holds them: nested objects of strings. */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}

export interface TOptions {
  /** Chooses the plural form (`key_one`, `key_few`, ...) by the language's Intl.PluralRules. */
  count?: number;
  /** The text when no catalogue has the key; placeholders in it are filled as well. */
  defaultValue?: string;
  /** The values of the text's `{{name}}` placeholders. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const pluralRulesByLanguage = new Map<string, Intl.PluralRules>();

function pluralFormOf(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesByLanguage.set(language, rules);
  }
  return rules.select(count);
}

/** A dotted key is a path through the nested objects (`errors.generic`). */
function textAt(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The keys a text may stand under, most specific first. With a count: the language's form
 * (i18next's JSON v4 suffixes), then `_other` (every form is in the catalogues, as
 * plural-forms.test.ts checks; this is the safety net for a text added without one), then
 * the key itself.
 */
function candidateKeys(language: string, key: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  return [`${key}_${pluralFormOf(language, count)}`, `${key}_other`, key];
}

function findText(
  catalogues: ReadonlyArray<Catalogue | undefined>,
  keys: string[],
): string | undefined {
  for (const catalogue of catalogues) {
    for (const key of keys) {
      const text = textAt(catalogue, key);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** `{{name}}` by its value; React escapes what it renders, so nothing is escaped here. */
function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    // An absent value leaves the placeholder in sight, where a reader notices it.
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/**
 * The `t` of one language over a list of namespaces: a key is looked up in the first, then
 * the next (react-i18next's nsMode "fallback"). A key found nowhere, without defaultValue,
 * is reported and shown as itself, as i18next did.
 */
export function createT(
  language: string,
  catalogues: () => ReadonlyArray<Catalogue | undefined>,
  reportMissing: (key: string) => void,
): TFunction {
  return (key, options) => {
    const text =
      findText(catalogues(), candidateKeys(language, key, options?.count)) ?? options?.defaultValue;
    if (text === undefined) {
      reportMissing(key);
      return key;
    }
    return options ? interpolate(text, options) : text;
  };
}
