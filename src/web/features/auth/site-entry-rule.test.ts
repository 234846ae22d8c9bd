import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldShowSiteEntryWarning } from './site-entry-rule';

const site = {
  enable_site_entry_popup: true,
  geoip_country: 'NL',
  geoip_selected_country: 'NL',
  site_entry_popup_countries: ['NL', 'DE'],
};

describe('the site-entry warning rule (spec §2 "Site-entry warning", §4)', () => {
  let stored: Map<string, string>;
  let standalone: boolean;
  beforeEach(() => {
    stored = new Map();
    standalone = false;
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    vi.stubGlobal('window', { matchMedia: () => ({ matches: standalone }) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows for a visitor from a configured country who has not confirmed it', () => {
    expect(shouldShowSiteEntryWarning(site)).toBe(true);
  });

  it('does not show when the site switched it off', () => {
    expect(shouldShowSiteEntryWarning({ ...site, enable_site_entry_popup: false })).toBe(false);
  });

  it('shows only for the configured countries', () => {
    expect(shouldShowSiteEntryWarning({ ...site, geoip_country: 'GB' })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...site, geoip_country: 'DE' })).toBe(true);
  });

  it("takes a visitor of unknown country to be in the site's own country", () => {
    const unknown = { ...site, geoip_country: null };
    expect(shouldShowSiteEntryWarning(unknown)).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...unknown, geoip_selected_country: 'GB' })).toBe(false);
  });

  it('does not show in the installed app', () => {
    standalone = true;
    expect(shouldShowSiteEntryWarning(site)).toBe(false);
  });

  it('does not show again once confirmed (remembered with a timestamp)', () => {
    stored.set('hide-site-entry-warning', String(Date.now() - 60_000));
    expect(shouldShowSiteEntryWarning(site)).toBe(false);
  });
});
