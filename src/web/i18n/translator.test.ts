import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@contract/locales';
import type { Catalogue } from '@locales/translate';
import { type Namespace, createTranslator, translator } from './translator';

const TEXTS: Partial<Record<Locale, Partial<Record<Namespace, Catalogue>>>> = {
  en: { common: { hello: 'Hello', save: 'Save' }, chat: { hello: 'Hi in chat' } },
  de: { common: { hello: 'Hallo', save: 'Speichern' }, chat: { hello: 'Hallo im Chat' } },
};

/** A translator over TEXTS whose loads finish when the test says so. */
function testTranslator() {
  const loads: string[] = [];
  const pending: Array<() => void> = [];
  const load = (language: Locale, namespace: Namespace) => {
    loads.push(`${language}/${namespace}`);
    return new Promise<Catalogue>((resolve, reject) => {
      const texts = TEXTS[language]?.[namespace];
      pending.push(() =>
        texts ? resolve(texts) : reject(new Error(`no ${language}/${namespace}`)),
      );
    });
  };
  const finishLoads = async () => {
    pending.splice(0).forEach((finish) => finish());
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { translator: createTranslator(load, 'en'), loads, finishLoads };
}

/** What a rendering component meets: undefined when ready, else what it throws. */
function thrownBy(run: () => void): unknown {
  try {
    run();
    return undefined;
  } catch (thrown) {
    return thrown;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the translator', () => {
  it('suspends a render until its namespace is loaded, and loads it once', async () => {
    const { translator, loads, finishLoads } = testTranslator();
    const waiting = thrownBy(() => translator.suspendUntilLoaded('en', ['chat', 'common']));
    expect(waiting).toBeInstanceOf(Promise);
    // Still loading: the next render waits for the same loads.
    thrownBy(() => translator.suspendUntilLoaded('en', ['chat', 'common']));
    expect(loads).toEqual(['en/chat', 'en/common']);

    await finishLoads();
    await waiting;
    expect(thrownBy(() => translator.suspendUntilLoaded('en', ['chat', 'common']))).toBeUndefined();
    expect(translator.fixedT('en', ['chat', 'common'])('save')).toBe('Save');
    expect(loads).toHaveLength(2);
  });

  it('gives the same t for the same language and namespaces', () => {
    const { translator } = testTranslator();
    expect(translator.fixedT('en', ['chat', 'common'])).toBe(
      translator.fixedT('en', ['chat', 'common']),
    );
    expect(translator.fixedT('en', ['chat'])).not.toBe(translator.fixedT('de', ['chat']));
  });

  it('changes language once the namespaces in use are loaded in it, then notifies', async () => {
    const { translator, loads, finishLoads } = testTranslator();
    const started = translator.loadNamespaces('common', 'chat');
    await finishLoads();
    await started;
    const listener = vi.fn();
    translator.subscribe(listener);

    const changed = translator.changeLanguage('de');
    expect(loads).toEqual(['en/common', 'en/chat', 'de/common', 'de/chat']);
    expect(translator.getLanguage()).toBe('en');
    expect(listener).not.toHaveBeenCalled();
    await finishLoads();
    await changed;

    expect(translator.getLanguage()).toBe('de');
    expect(translator.languageSwitch.language).toBe('de');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(thrownBy(() => translator.suspendUntilLoaded('de', ['chat', 'common']))).toBeUndefined();
    expect(translator.fixedT('de', ['common'])('hello')).toBe('Hallo');
  });

  it('keeps the last of two quick language changes', async () => {
    const { translator, finishLoads } = testTranslator();
    const started = translator.loadNamespaces('common');
    await finishLoads();
    await started;
    const toGerman = translator.changeLanguage('de');
    const backToEnglish = translator.changeLanguage('en');
    await finishLoads();
    await Promise.all([toGerman, backToEnglish]);
    expect(translator.getLanguage()).toBe('en');
  });

  it('throws a failed load to the error boundary, and tries again when asked to load', async () => {
    const { translator, loads, finishLoads } = testTranslator();
    await translator.changeLanguage('fi');
    const waiting = thrownBy(() => translator.suspendUntilLoaded('fi', ['common']));
    await finishLoads();
    await waiting;
    // Every render after the failure meets the error, not a new load.
    for (let render = 0; render < 2; render++) {
      expect(thrownBy(() => translator.suspendUntilLoaded('fi', ['common']))).toEqual(
        new Error('no fi/common'),
      );
    }
    expect(loads).toEqual(['fi/common']);

    const again = expect(translator.loadNamespaces('common')).rejects.toThrow('no fi/common');
    expect(loads).toEqual(['fi/common', 'fi/common']);
    await finishLoads();
    await again;
  });

  it('warns once in development about a missing key, and shows the key', async () => {
    const { translator, finishLoads } = testTranslator();
    const started = translator.loadNamespaces('common');
    await finishLoads();
    await started;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = translator.fixedT('en', ['common']);
    expect(t('nav.nowhere')).toBe('nav.nowhere');
    expect(t('nav.nowhere')).toBe('nav.nowhere');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Missing text en/common: nav.nowhere');
  });
});

describe("the app's translator", () => {
  it('loads a language’s namespace from its JSON file', async () => {
    await translator.changeLanguage('pl');
    await translator.loadNamespaces('common');
    const t = translator.fixedT('pl', ['common']);
    expect(t('pricing.credits', { count: 5 })).toBe('5 kredytów');
    expect(t('errors.generic')).not.toBe('errors.generic');
  });
});
