import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import type { SiteSettings } from '@contract/settings';
import { firstSettings } from './first-settings';
import { settingsQuery } from './site-api';

// Issue 25 item 6: the app renders from the settings the page carries, and asks settings.php
// only when the page has none in the language it picks (spec §7 "Settings handling").

const site = (name: string, domainLanguage: string | null) =>
  ({ name, domain_language: domainLanguage }) as SiteSettings;

/** A page whose data block holds `text` in `locale` (or no block at all). */
function pageWith(block?: { locale: string; text: string }) {
  vi.stubGlobal('window', { location: { origin: 'https://site.example' } });
  vi.stubGlobal('document', {
    cookie: '',
    getElementById: (id: string) =>
      block && id === INLINED_SETTINGS_ID
        ? { dataset: { locale: block.locale }, textContent: block.text }
        : null,
  });
}

/** settings.php as the server would answer it, per asked language. */
function settingsPhp(byLocale: Record<string, SiteSettings>) {
  const fetchMock = vi.fn(async (url: URL) => {
    const locale = url.searchParams.get('locale') ?? 'en';
    return new Response(JSON.stringify({ settings: byLocale[locale] }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});
afterEach(() => vi.unstubAllGlobals());

describe('the settings of the first render', () => {
  it("come from the page when it has them in the app's language: no request", async () => {
    const inlined = site('Amora', 'nl-NL');
    pageWith({ locale: 'nl', text: JSON.stringify({ settings: inlined }) });
    const fetchMock = settingsPhp({});
    expect(await firstSettings(queryClient, undefined)).toEqual({ site: inlined, locale: 'nl' });
    expect(fetchMock).not.toHaveBeenCalled();
    // The settings query has them, so the app does not ask later either.
    expect(queryClient.getQueryData(settingsQuery('nl').queryKey)).toEqual(inlined);
  });

  it('are asked for when the page has none', async () => {
    pageWith();
    const fetchMock = settingsPhp({ en: site('Amora', 'en-GB') });
    expect(await firstSettings(queryClient, undefined)).toEqual({
      site: site('Amora', 'en-GB'),
      locale: 'en',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are asked for when the page cannot be read', async () => {
    pageWith({ locale: 'en', text: '{"settings":' });
    const fetchMock = settingsPhp({ en: site('Amora', 'en-GB') });
    expect((await firstSettings(queryClient, undefined)).site.name).toBe('Amora');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are asked for in the language of the cookie when the page has another', async () => {
    pageWith({ locale: 'en', text: JSON.stringify({ settings: site('Amora', 'en-GB') }) });
    const fetchMock = settingsPhp({ de: site('Amora (de)', 'en-GB') });
    expect(await firstSettings(queryClient, 'de')).toEqual({
      site: site('Amora (de)', 'en-GB'),
      locale: 'de',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
