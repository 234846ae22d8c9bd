import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@contract/locales';

// docs/voice.md: one form of address per language, everywhere a member reads us (interface,
// e-mails, SMS, errors, the static pages and the site's own texts). This guards the part a
// machine can check: the words of the other register, each language's quotation marks, the
// French and Italian apostrophe and French spacing. Verb forms without a pronoun are left to
// the reader. Members' own profile texts (the demo people) are their voice, not ours, and are
// not read here.

const WEB_DIR = join(import.meta.dirname, '..');
const TEXT_DIRS = [join(WEB_DIR, '..', 'locales'), join(WEB_DIR, 'features', 'pages', 'content')];

interface VoiceRule {
  /** Forbidden anywhere, in any case. */
  words?: string[];
  /** Forbidden when capitalised inside a sentence (the written polite form), allowed first. */
  capitalisedWords?: string[];
  /** Forbidden patterns that need more context than one word. */
  patterns?: RegExp[];
}

const RULES: Record<Locale, VoiceRule> = {
  // English has one "you"; nothing to guard.
  en: {},
  // "je/jij/jouw", never "u/uw".
  nl: { words: ['u', 'uw', 'uzelf', 'gelieve'] },
  // "du", never "Sie" (sentence-initial "Sie" may be "they", so only inside a sentence).
  de: {
    capitalisedWords: ['Sie', 'Ihnen', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres'],
  },
  // "tu", never the capitalised "Lei".
  it: { capitalisedWords: ['Lei', 'Suo', 'Sua', 'Suoi', 'Sue'] },
  // "vous", never "tu" (elided "t’" too; the euphonic "-t-" of "a-t-il" is not a word).
  fr: {
    words: ['tu', 'te', 'toi', 'ton', 'ta', 'tes', 'tien', 'tienne', 'tiens', 'tiennes'],
    patterns: [/(?<![\p{L}-])t['’](?=\p{L})/u],
  },
  // "tú", never "usted" nor its imperatives.
  es: {
    words: [
      'usted',
      'ustedes',
      'introduzca',
      'inténtelo',
      'póngase',
      'contáctenos',
      'escríbanos',
      'llámenos',
    ],
  },
  // "Ty", written with a capital as Polish does when it addresses the reader, never
  // "Pan/Pani/Państwo" nor the third-person "Użytkownik" of legal boilerplate (lowercase
  // "państwo" is also "a state", "użytkownik premium" a plain noun: only capitals count).
  pl: {
    capitalisedWords: [
      ...['Pan', 'Pani', 'Panu', 'Panią', 'Państwo', 'Państwa', 'Państwu', 'Państwem'],
      ...['Użytkownik', 'Użytkownika', 'Użytkownikowi', 'Użytkownikiem', 'Użytkownicy'],
    ],
    patterns: [
      /(?<!\p{L})(ty|cię|ciebie|tobie|tobą|twój|twoja|twoje|twojego|twojej|twoim|twoich|twoją|twoimi|twojemu)(?!\p{L})/u,
    ],
  },
  // "du", never the old polite "De/Dem/Deres" (sentence-initial "De" is "they").
  da: { capitalisedWords: ['De', 'Dem', 'Deres'] },
  nb: { capitalisedWords: ['De', 'Dem', 'Deres'] },
  // "du", never the polite "Ni".
  sv: { capitalisedWords: ['Ni', 'Er', 'Era', 'Ert'] },
  // "sinä", never the polite "Te" nor its verb forms ("teillä" for two members who matched is
  // a plural, not politeness, so only the capitalised forms inside a sentence are wrong).
  fi: {
    capitalisedWords: ['Te', 'Teidän', 'Teitä', 'Teille', 'Teillä', 'Teiltä', 'Teidät', 'Teistä'],
    patterns: [/\b(voitte|olette|haluatte|saatte|teette|tarvitsette|löydätte)\b/iu],
  },
};

interface Text {
  where: string;
  text: string;
}

function textsOf(value: unknown, where: string): Text[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => textsOf(child, `${where}.${key}`));
  }
  return [];
}

// The site's own texts per language (title, description, fictional label) seed every new site.
const SITE_TEXTS = JSON.parse(
  readFileSync(join(WEB_DIR, '..', 'server', 'seed', 'demo-site-texts.json'), 'utf8'),
) as Record<Locale, unknown>;

function textsOfLocale(locale: Locale): Text[] {
  const files = TEXT_DIRS.flatMap((dir) =>
    readdirSync(join(dir, locale)).flatMap((file) =>
      textsOf(JSON.parse(readFileSync(join(dir, locale, file), 'utf8')), `${locale}/${file}`),
    ),
  );
  return [...files, ...textsOf(SITE_TEXTS[locale], `${locale}/demo-site-texts`)];
}

/** The words of a text with their position: first in a sentence or not. */
function wordsOf(text: string): { word: string; first: boolean }[] {
  // Placeholders and markup are not words a member reads.
  const plain = text.replace(/\{\{[^}]*\}\}/g, 'x').replace(/<\/?\w+>/g, ' ');
  return [...plain.matchAll(/[\p{L}\p{M}]+/gu)].map((match) => {
    const before = plain.slice(0, match.index).trimEnd();
    return { word: match[0], first: before === '' || /[.!?:;…«„"“(\n–-]$/u.test(before) };
  });
}

function offences(rule: VoiceRule, text: string): string[] {
  const words = new Set(rule.words);
  const capitalised = new Set(rule.capitalisedWords);
  const found = wordsOf(text)
    .filter(({ word, first }) => words.has(word.toLowerCase()) || (!first && capitalised.has(word)))
    .map(({ word }) => word);
  for (const pattern of rule.patterns ?? []) {
    const match = pattern.exec(text);
    if (match) found.push(match[0]);
  }
  return found;
}

// docs/voice.md: each language quotes with its own marks (double marks; apostrophes and
// single quotes are left alone).
const QUOTE_MARKS: Record<Locale, string> = {
  en: '“”',
  nl: '“”',
  de: '„“',
  it: '«»',
  fr: '«»',
  es: '«»',
  pl: '„”',
  da: '»«',
  fi: '”',
  nb: '«»',
  sv: '”',
};

function foreignQuoteMarks(locale: Locale, text: string): string[] {
  const marks = [...text.matchAll(/["“”„«»]/gu)]
    .map((match) => match[0])
    .filter((mark) => !QUOTE_MARKS[locale].includes(mark));
  // Straight single quotes around words ('Blokkeren') are a typewriter's quotation marks.
  const singles = [...text.matchAll(/(?<=^|[\s(])'[^'"]+'(?=$|[\s.,;:!?)])/gu)].map(() => "'");
  return [...marks, ...singles];
}

/** French sets ? ! : ; » and % apart from the word before, and « from the word after, with a
 * non-breaking space, so that a line never starts with the sign. */
function frenchSpacingFaults(text: string): string[] {
  return [...text.matchAll(/(?:[^\u00a0\u202f](?=[?!:;»%](?:\s|$))|«(?=[^\u00a0\u202f]))/gu)]
    .map((match) => text.slice(Math.max(0, match.index - 12), match.index + 3))
    .filter((excerpt) => !/https?:|\d:\d/.test(excerpt));
}

describe('one voice per language (docs/voice.md)', () => {
  it('reads the interface, mail and page texts of every language', () => {
    for (const locale of LOCALES) expect(textsOfLocale(locale).length, locale).toBeGreaterThan(500);
  });

  it('finds the other register where it hides', () => {
    expect(offences(RULES.fr, 'Si tu veux, clique ici.')).toEqual(['tu']);
    expect(offences(RULES.fr, 'Nous t’envoyons un lien. Y a-t-il un souci ?')).toEqual(['t’']);
    expect(offences(RULES.fr, 'Vous avez un nouveau message.')).toEqual([]);
    expect(offences(RULES.nl, 'Wilt u uw profiel wijzigen?')).toEqual(['u', 'uw']);
    expect(offences(RULES.de, 'Sie sieht dein Profil. Klicken Sie hier.')).toEqual(['Sie']);
    expect(offences(RULES.da, 'De har skrevet til dig. Tak for Deres besked.')).toEqual(['Deres']);
    expect(offences(RULES.fi, 'Voitte kirjautua. Kiitos, että olet täällä.')).toEqual(['Voitte']);
  });

  it('finds the typographic slips it guards', () => {
    expect(foreignQuoteMarks('de', 'Tippe auf "Speichern" oder «Abbrechen».')).toEqual([
      '"',
      '"',
      '«',
      '»',
    ]);
    expect(foreignQuoteMarks('de', 'Tippe auf „Speichern“.')).toEqual([]);
    expect(foreignQuoteMarks('nl', "Kies 'Blokkeren'. Foto's blijven.")).toEqual(["'"]);
    expect(frenchSpacingFaults('Prêt ? Oui : « OK »')).toHaveLength(4);
    expect(frenchSpacingFaults('Prêt\u00a0? Oui\u00a0: «\u00a0OK\u00a0» 25\u00a0%')).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale} quotes with its own marks`, () => {
      const wrong = textsOfLocale(locale).flatMap(({ where, text }) =>
        foreignQuoteMarks(locale, text).length > 0 ? [`${where}: «${text}»`] : [],
      );
      expect(wrong).toEqual([]);
    });
  }

  for (const locale of ['fr', 'it'] as const) {
    it(`${locale} writes the typographic apostrophe ’`, () => {
      const wrong = textsOfLocale(locale).flatMap(({ where, text }) =>
        text.includes("'") ? [`${where}: «${text}»`] : [],
      );
      expect(wrong).toEqual([]);
    });
  }

  it('fr keeps its signs apart from the words with non-breaking spaces', () => {
    const wrong = textsOfLocale('fr').flatMap(({ where, text }) =>
      frenchSpacingFaults(text).map((excerpt) => `${where}: …${excerpt}…`),
    );
    expect(wrong).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale} addresses the member one way everywhere`, () => {
      const wrong = textsOfLocale(locale).flatMap(({ where, text }) => {
        const words = offences(RULES[locale], text);
        return words.length > 0 ? [`${where}: ${words.join(', ')} in «${text}»`] : [];
      });
      expect(wrong).toEqual([]);
    });
  }
});
