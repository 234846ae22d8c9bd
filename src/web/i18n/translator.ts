import { DEFAULT_LOCALE, type Locale } from '@contract/locales';
import { type Catalogue, type TFunction, createT } from '@locales/translate';

/** The web app's namespaces: src/locales/<lang>/<namespace>.json (mail.json is the server's). */
export const WEB_NAMESPACES = [
  'common',
  'account-settings',
  'admin',
  'admin-sites',
  'admin-profiles',
  'admin-business',
  'auto-like',
  'chat',
  'credits',
  'data-export',
  'landers',
  'likes',
  'match-finder',
  'member-landing',
  'members',
  'notifications',
  'payments',
  'photo-moderation',
  'swipe-game',
  'admin-moderation',
] as const;
export type Namespace = (typeof WEB_NAMESPACES)[number];

export type CatalogueLoader = (language: Locale, namespace: Namespace) => Promise<Catalogue>;

/** What components see of the translator, as react-i18next's `i18n` offered it. */
export interface LanguageSwitch {
  readonly language: Locale;
  changeLanguage(language: Locale): Promise<void>;
}

type Entry =
  | { state: 'loading'; promise: Promise<void>; settled: Promise<void> }
  | { state: 'loaded'; catalogue: Catalogue }
  | { state: 'failed'; error: unknown };

const noop = () => {};

/**
 * The texts of the current language, loaded per namespace on demand and kept (DESIGN.md §6).
 * A tiny store: the language is its state, and a change notifies every subscriber once the
 * namespaces already in use are loaded in the new language, so nothing suspends on a switch.
 */
export function createTranslator(load: CatalogueLoader, initialLanguage: Locale = DEFAULT_LOCALE) {
  let language = initialLanguage;
  let latestChange = 0;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const fixedTs = new Map<string, TFunction>();
  const warned = new Set<string>();
  const entryKey = (lang: Locale, namespace: Namespace) => `${lang}/${namespace}`;

  function startLoading(lang: Locale, namespace: Namespace): Promise<void> {
    const key = entryKey(lang, namespace);
    const promise = load(lang, namespace).then(
      (catalogue) => {
        entries.set(key, { state: 'loaded', catalogue });
      },
      (error: unknown) => {
        entries.set(key, { state: 'failed', error });
        throw error;
      },
    );
    entries.set(key, { state: 'loading', promise, settled: promise.then(noop, noop) });
    return promise;
  }

  /** Loads a namespace once; a failed load is tried again when asked for explicitly. */
  function loadNamespace(lang: Locale, namespace: Namespace): Promise<void> {
    const entry = entries.get(entryKey(lang, namespace));
    if (entry?.state === 'loaded') return Promise.resolve();
    if (entry?.state === 'loading') return entry.promise;
    return startLoading(lang, namespace);
  }

  function loadedNamespaces(lang: Locale): Namespace[] {
    return WEB_NAMESPACES.filter(
      (namespace) => entries.get(entryKey(lang, namespace))?.state === 'loaded',
    );
  }

  function notify() {
    listeners.forEach((listener) => listener());
  }

  async function changeLanguage(next: Locale): Promise<void> {
    const change = ++latestChange;
    await Promise.all(
      loadedNamespaces(language).map((namespace) => loadNamespace(next, namespace)),
    );
    // Only the last of quick successive changes wins.
    if (change !== latestChange || next === language) return;
    language = next;
    notify();
  }

  function reportMissing(lang: Locale, namespaces: readonly Namespace[], key: string) {
    const where = `${lang}/${namespaces.join(',')}: ${key}`;
    if (!import.meta.env.DEV || warned.has(where)) return;
    warned.add(where);
    console.warn(`Missing text ${where}`);
  }

  /** The stable `i18n` object of useTranslation; its language is read when asked. */
  const languageSwitch: LanguageSwitch = {
    get language() {
      return language;
    },
    changeLanguage,
  };

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getLanguage: (): Locale => language,

    /** Loads namespaces of the current language (main.tsx: before the first render). */
    loadNamespaces: async (...namespaces: Namespace[]): Promise<void> => {
      const lang = language;
      await Promise.all(namespaces.map((namespace) => loadNamespace(lang, namespace)));
    },

    changeLanguage,

    /**
     * For a render: throws the loading promise while a namespace is not loaded (Suspense
     * shows its fallback and renders again once it is), or the error of a failed load (the
     * route's error boundary shows it; the next explicit load tries again).
     */
    suspendUntilLoaded: (lang: Locale, namespaces: readonly Namespace[]): void => {
      let waiting: Promise<void> | undefined;
      for (const namespace of namespaces) {
        let entry = entries.get(entryKey(lang, namespace));
        if (entry?.state === 'loaded') continue;
        if (entry?.state === 'failed') throw entry.error;
        if (!entry) {
          void startLoading(lang, namespace).catch(noop);
          entry = entries.get(entryKey(lang, namespace));
        }
        if (entry?.state === 'loading') waiting ??= entry.settled;
      }
      if (waiting) throw waiting;
    },

    /** One `t` per language and list of namespaces: the same function on every render. */
    fixedT: (lang: Locale, namespaces: readonly Namespace[]): TFunction => {
      const key = `${lang}/${namespaces.join(',')}`;
      let t = fixedTs.get(key);
      if (!t) {
        const list = [...namespaces];
        const catalogues = () =>
          list.map((namespace) => {
            const entry = entries.get(entryKey(lang, namespace));
            return entry?.state === 'loaded' ? entry.catalogue : undefined;
          });
        t = createT(lang, catalogues, (missing) => reportMissing(lang, list, missing));
        fixedTs.set(key, t);
      }
      return t;
    },

    languageSwitch,
  };
}

// Each language and namespace is its own chunk, so a visitor downloads only their language's
// texts; keep these paths (the server may preload these chunks by their source). The table
// of every chunk's address is on the first load: mail.json, the server's, stays out of it
// (issue 25 item 6), and so do admin.json and admin-*.json, which the console adds
// (admin-texts.ts), and photo-moderation.json, which the profile page adds (issue 30 item 5).
const CATALOGUES: Record<string, () => Promise<Catalogue>> = import.meta.glob<Catalogue>(
  [
    '../../locales/*/*.json',
    '!../../locales/*/mail.json',
    '!../../locales/*/admin*.json',
    '!../../locales/*/photo-moderation.json',
  ],
  { import: 'default' },
);

/** Texts of a branch loaded later, added by it (the console's `admin` texts: issue 30). */
export const addCatalogues = (loaders: Record<string, () => Promise<Catalogue>>) =>
  Object.assign(CATALOGUES, loaders);

/** The app's translator. */
export const translator = createTranslator(async (language, namespace) => {
  const load = CATALOGUES[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No texts for ${language}/${namespace}`);
  return load();
});

export const loadNamespaces = translator.loadNamespaces;
