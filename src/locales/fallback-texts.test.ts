import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { localeFallback } from '../../scripts/locale-fallback';
import { createT } from './translate';
import { withFallbackTexts } from './fallback-texts';

// spec §1: "Default en, fallback nl". Issue 29 item 18: the web translator had dropped the
// fallback. It is applied to the catalogues when the app is built.
describe('the nl fallback of missing texts (spec §1)', () => {
  it('fills every text a language lacks from nl, keeping its own', () => {
    const merged = withFallbackTexts(
      { save: 'Save', nav: { home: 'Home' } },
      { save: 'Opslaan', onlyDutch: 'Nog niet vertaald', nav: { home: 'Start', likes: 'Likes' } },
    );
    expect(merged).toEqual({
      save: 'Save',
      onlyDutch: 'Nog niet vertaald',
      nav: { home: 'Home', likes: 'Likes' },
    });
    const t = createT(
      'en',
      () => [merged],
      () => {},
    );
    expect(t('onlyDutch')).toBe('Nog niet vertaald');
  });

  it("is applied to a language's catalogue as the app's build loads it", async () => {
    const plugin = localeFallback();
    const transform = plugin.transform as (code: string, id: string) => string | null;
    const id = new URL('./de/landers.json', import.meta.url).pathname;
    const own = JSON.parse(await readFile(id, 'utf8')) as Record<string, unknown>;
    delete own.cta;
    const built = JSON.parse(transform.call({ addWatchFile: () => {} }, JSON.stringify(own), id)!);
    const dutch = JSON.parse(
      await readFile(new URL('./nl/landers.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    expect(built.cta).toEqual(dutch.cta);
    // nl itself, and files that are no catalogue, pass unchanged.
    const nl = new URL('./nl/landers.json', import.meta.url).pathname;
    expect(transform.call({ addWatchFile: () => {} }, '{}', nl)).toBeNull();
    expect(transform.call({ addWatchFile: () => {} }, '{}', '/x/package.json')).toBeNull();
  });
});
