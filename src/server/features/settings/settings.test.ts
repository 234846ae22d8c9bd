import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '@contract/settings';
import { isCountryCode } from '@server/features/geo';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { keptSettingsAnswers } from './settings-answer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/settings.php', () => {
  it('answers every field of spec §3 for the site of the request host', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(() => siteSettingsSchema.strict().parse(settings)).not.toThrow();
    expect(settings.domain).toBe('localhost');
    expect(settings.countries).toContain('NL');
    expect(settings.minimum_message_costs.NL).toEqual({ costs: 39, currency: 'EUR' });
  });

  it('gives the site texts in the language of the locale cookie', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', cookie: 'locale=nl' },
    });
    expect(response.json().settings.fictional_singular).toBe('fictief profiel');
  });

  it('falls back to the site language for a broken locale cookie', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', cookie: 'locale=%%%zz' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.fictional_singular).toBe('fictional profile');
  });

  it('answers for a forced domain', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php?domain=127.0.0.1',
      headers: { host: 'localhost' },
    });
    expect(response.json().settings.domain).toBe('localhost');
  });

  it('takes the visitor country from the configured header only when it is a site country', async () => {
    const withHeader = await createTestApp({ GEOIP_COUNTRY_HEADER: 'cf-ipcountry' });
    try {
      const served = await withHeader.app.inject({
        url: '/api/settings.php',
        headers: { host: 'localhost', 'cf-ipcountry': 'de' },
      });
      expect(served.json().settings).toMatchObject({
        geoip_country: 'DE',
        geoip_selected_country: 'DE',
      });
      const foreign = await withHeader.app.inject({
        url: '/api/settings.php',
        headers: { host: 'localhost', 'cf-ipcountry': 'JP' },
      });
      expect(foreign.json().settings).toMatchObject({
        geoip_country: 'JP',
        geoip_selected_country: 'NL',
      });
    } finally {
      await withHeader.close();
    }
  });

  it('treats a header naming no country as no country, and keeps no answer for it (issue 29 item 2)', async () => {
    const withHeader = await createTestApp({ GEOIP_COUNTRY_HEADER: 'cf-ipcountry' });
    try {
      const settingsFor = async (country: string) =>
        withHeader.app.inject({
          url: '/api/settings.php',
          headers: { host: 'localhost', 'cf-ipcountry': country },
        });
      const none = await withHeader.app.inject({
        url: '/api/settings.php',
        headers: { host: 'localhost' },
      });
      // Cloudflare's "unknown" and "Tor" values, and two letters that name nothing.
      for (const junk of ['XX', 'T1', 'QQ', 'ZZ']) {
        const answer = await settingsFor(junk);
        expect(answer.json().settings.geoip_country).toBeNull();
        expect(answer.headers.etag).toBe(none.headers.etag);
      }
      const keptBefore = keptSettingsAnswers.keptCount();
      const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      const twoLetterValues = [...letters].flatMap((first) =>
        [...letters].map((second) => first + second),
      );
      for (const value of twoLetterValues.filter((code) => !isCountryCode(code))) {
        await settingsFor(value);
      }
      expect(keptSettingsAnswers.keptCount()).toBe(keptBefore);
    } finally {
      await withHeader.close();
    }
  });

  it('takes the country chosen on /lang-config over the visitor country (issue 25 item 4)', async () => {
    const withHeader = await createTestApp({ GEOIP_COUNTRY_HEADER: 'cf-ipcountry' });
    try {
      const settingsWith = async (cookie: string) =>
        (
          await withHeader.app.inject({
            url: '/api/settings.php',
            headers: { host: 'localhost', 'cf-ipcountry': 'DE', cookie },
          })
        ).json().settings;
      expect(await settingsWith('country=BE')).toMatchObject({
        geoip_country: 'DE',
        geoip_selected_country: 'BE',
      });
      // A country the site does not serve, or junk, is no choice.
      expect((await settingsWith('country=JP')).geoip_selected_country).toBe('DE');
      expect((await settingsWith('country=%%%')).geoip_selected_country).toBe('DE');
      expect((await settingsWith('')).geoip_selected_country).toBe('DE');
    } finally {
      await withHeader.close();
    }
  });

  it('refuses an unknown host and a malformed forced domain with clear codes', async () => {
    const unknown = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'evil.example' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'site_not_found' });
    const malformed = await t.app.inject({
      url: '/api/settings.php?domain=' + encodeURIComponent('<script>'),
      headers: { host: 'localhost' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_failed');
  });
});

describe('company, interests and regions', () => {
  it('answers the company info of spec §3 with a cleaned support phone', async () => {
    const response = await t.app.inject({
      url: '/api/companyinfo.php',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    const { company } = response.json();
    expect(Object.keys(company).sort()).toEqual([
      'added',
      'address',
      'city',
      'country',
      'delete_discount',
      'kvk',
      'name',
      'support_phone',
      'tradenames',
      'vat_numbers',
    ]);
    expect(company.support_phone).toBe('+31201234567');
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it('lists the interests', async () => {
    const response = await t.app.inject({
      url: '/api/interests.php',
      headers: { host: 'localhost' },
    });
    expect(response.json().interests.length).toBeGreaterThan(10);
  });

  it('lists regions for every site country', async () => {
    const response = await t.app.inject({
      url: '/api/regions.php',
      headers: { host: 'localhost' },
    });
    const { regions } = response.json();
    expect(Object.keys(regions)).toHaveLength(16);
    expect(regions.NL).toContainEqual({ code: 'ZH', name: 'Zuid-Holland' });
  });
});
